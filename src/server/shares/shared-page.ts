import type { SharedBlend, SharedOil } from '#shared/api/shares.ts'
import { escapeHtml } from '#shared/text/html.ts'

/**
 * The public page of a share link (/s/{token}), rendered on the server: a reader sees the recipe
 * at once, with no script at all (the CSP stays as strict as everywhere), and a pasted link
 * shows a card (Open Graph). The styles are inline and use the app's colours, light or dark as
 * the system or the reader's saved theme says.
 */

const percent = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)}%`

/**
 * The page's colours, the app's tokens (src/client/styles.css) in each theme: the system's
 * (prefers-color-scheme), or the reader's saved choice in Accord (the theme cookie, decision 028).
 */
const LIGHT = {
  bg: '#faf7f2',
  fg: '#1d2622',
  card: '#ffffff',
  border: '#e4dccd',
  muted: '#5a625d',
  primary: '#1f4d3a',
  'primary-hover': '#173c2d',
  'primary-fg': '#ffffff',
  'badge-bg': '#f1ece3',
  'badge-ink': '#3b3226',
}
const DARK: typeof LIGHT = {
  bg: '#131916',
  fg: '#e6ebe7',
  card: '#1b231f',
  border: '#323d37',
  muted: '#a3ada6',
  primary: '#7cc9a2',
  'primary-hover': '#95d6b5',
  'primary-fg': '#0d2219',
  'badge-bg': '#27302b',
  'badge-ink': '#e6dccb',
}

/** Each effect's badge, a soft background with its ink, light then dark (docs/product.md §9). */
const EFFECT_COLOURS: Record<string, { light: [string, string]; dark: [string, string] }> = {
  Relaxing: { light: ['#dfeafb', '#1f4f99'], dark: ['#1a2a44', '#a9c6f5'] },
  Uplifting: { light: ['#fcf1c7', '#7a5a00'], dark: ['#3a3110', '#f0d36b'] },
  Energising: { light: ['#fcf1c7', '#7a5a00'], dark: ['#3a3110', '#f0d36b'] },
  Cleansing: { light: ['#dcf2e3', '#1d6b3c'], dark: ['#173322', '#95d8ab'] },
  Grounding: { light: ['#fbe8cc', '#8a4b06'], dark: ['#3b2a12', '#f0bb73'] },
  Balancing: { light: ['#ece3fb', '#5b35a0'], dark: ['#2c2142', '#cbb4f3'] },
}

const effectClass = (effect: string) => (effect in EFFECT_COLOURS ? `effect-${effect.toLowerCase()}` : 'effect-other')

/** One theme's custom properties, the effects' included. */
function themeVariables(theme: 'light' | 'dark'): string {
  const base = Object.entries(theme === 'light' ? LIGHT : DARK).map(([name, value]) => `--${name}:${value}`)
  const effects = Object.entries(EFFECT_COLOURS).map(([effect, colours]) => {
    const [bg, ink] = colours[theme]
    return `--${effectClass(effect)}-bg:${bg};--${effectClass(effect)}-ink:${ink}`
  })
  return [...base, ...effects].join(';')
}

export type SharePageTheme = 'system' | 'light' | 'dark'

const STYLE = `
:root{color-scheme:light dark;${themeVariables('light')}}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){color-scheme:dark;${themeVariables('dark')}}}
:root[data-theme=light]{color-scheme:light}
:root[data-theme=dark]{color-scheme:dark;${themeVariables('dark')}}
*{box-sizing:border-box}body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
a{color:var(--primary)}a:focus-visible{outline:2px solid var(--primary);outline-offset:3px;border-radius:6px}
header,main,footer{max-width:44rem;margin:0 auto;padding:0 1.25rem}
header{display:flex;align-items:center;justify-content:space-between;gap:1rem;padding-top:1.25rem;padding-bottom:1.25rem}
.brand{display:inline-flex;align-items:center;gap:.6rem;font-weight:600;font-size:1.25rem;text-decoration:none;color:var(--fg)}
.brand svg{width:2rem;height:2rem}
.card{background:var(--card);border:1px solid var(--border);border-radius:1rem;padding:1.5rem;margin-bottom:1.25rem}
.eyebrow{margin:0;color:var(--muted);font-size:.9rem}
h1,h2,.brand{font-family:ui-serif,"Iowan Old Style","Palatino Linotype",Palatino,Georgia,Cambria,"Times New Roman",serif}
h1{margin:.25rem 0 .25rem;font-size:1.9rem;line-height:1.2}
h2{margin:0 0 .75rem;font-size:1.15rem}
.layers{display:grid;gap:1rem}
@media (min-width:40rem){.layers{grid-template-columns:repeat(3,1fr)}}
.layer{border:1px solid var(--border);border-radius:.75rem;padding:1rem}
.layer h3{margin:0 0 .5rem;font-size:.8rem;letter-spacing:.06em;text-transform:uppercase;color:var(--muted)}
.layer ul{list-style:none;margin:0;padding:0;display:grid;gap:.5rem}
.oil{display:flex;justify-content:space-between;gap:.75rem}
.oil span{display:block}.latin{font-style:italic;color:var(--muted);font-size:.85rem}
.pct{font-variant-numeric:tabular-nums;font-weight:600}
.badges{display:flex;flex-wrap:wrap;gap:.5rem;margin:0 0 .75rem;padding:0;list-style:none}
.badge{border-radius:999px;padding:.15rem .7rem;font-size:.85rem;font-weight:500;background:var(--badge-bg);color:var(--badge-ink)}
${Object.keys(EFFECT_COLOURS)
  .map((effect) => `.${effectClass(effect)}{background:var(--${effectClass(effect)}-bg);color:var(--${effectClass(effect)}-ink)}`)
  .join('\n')}
.notes{white-space:pre-wrap;margin:0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center}
.button{display:inline-block;background:var(--primary);color:var(--primary-fg);text-decoration:none;font-weight:600;border-radius:.6rem;padding:.7rem 1.2rem}
.button:hover{background:var(--primary-hover)}
.muted{color:var(--muted)}
footer{padding-bottom:2rem;font-size:.9rem}
`

const LOGO = `<svg viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="9" fill="#1f4d3a"/><path d="M16 6c-4.5 3.6-6.8 7.4-6.8 11.2A6.8 6.8 0 0 0 16 24a6.8 6.8 0 0 0 6.8-6.8C22.8 13.4 20.5 9.6 16 6Z" fill="#faf7f2"/><path d="M16 11.5v15M16 17.5l3-2.6M16 21l-3-2.6" stroke="#1f4d3a" stroke-width="1.7" stroke-linecap="round" fill="none"/></svg>`

function page(head: { title: string; description: string; url: string; origin: string; theme: SharePageTheme }, body: string): string {
  const t = escapeHtml(head.title)
  const d = escapeHtml(head.description)
  return `<!doctype html>
<html lang="en"${head.theme === 'system' ? '' : ` data-theme="${head.theme}"`}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t}</title>
<meta name="description" content="${d}">
<meta name="robots" content="noindex">
<meta name="theme-color" content="#1f4d3a">
<meta property="og:type" content="article">
<meta property="og:site_name" content="Accord">
<meta property="og:title" content="${t}">
<meta property="og:description" content="${d}">
<meta property="og:url" content="${escapeHtml(head.url)}">
<meta property="og:image" content="${escapeHtml(head.origin)}/social-card.jpg">
<meta name="twitter:card" content="summary_large_image">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<style>${STYLE}</style>
</head>
<body>
<header><a class="brand" href="/">${LOGO}<span>Accord</span></a><a href="/">What is Accord?</a></header>
<main>
${body}
</main>
<footer class="muted"><p>Accord helps makers design essential-oil blends from top, middle and base notes, and keep a journal of every version and test. <a href="/">Try it free during the beta</a>.</p></footer>
</body>
</html>
`
}

const oilList = (oils: SharedOil[]) =>
  `<ul>${oils
    .map(
      (o) =>
        `<li class="oil"><span><span>${escapeHtml(o.name)}</span>${o.latinName ? `<span class="latin">${escapeHtml(o.latinName)}</span>` : ''}</span><span class="pct">${percent(o.percentage)}</span></li>`,
    )
    .join('')}</ul>`

/** One line for the description and the card: the oils of the three layers. */
export function sharedSummary(blend: SharedBlend): string {
  const names = (oils: SharedOil[]) => oils.map((o) => o.name).join(' and ')
  return `A three-note essential-oil blend: ${names(blend.layers.top)} on top, ${names(blend.layers.middle)} at the heart and ${names(blend.layers.base)} at the base.`
}

/** The page of a live link. `copyHref` is where "Copy to my journal" goes (the app, which asks a signed-out reader to sign in first). */
export function renderSharedPage(
  blend: SharedBlend,
  context: { url: string; origin: string; copyHref: string; theme?: SharePageTheme },
): string {
  const effects = blend.effects
    .map((effect) => {
      return `<li class="badge ${effectClass(effect)}">${escapeHtml(effect)}</li>`
    })
    .join('')
  const body = `
<article class="card" aria-labelledby="blend-name">
  <p class="eyebrow">Shared blend · reference ${escapeHtml(blend.reference)}${blend.sharedBy ? ` · shared by ${escapeHtml(blend.sharedBy)}` : ''}</p>
  <h1 id="blend-name">${escapeHtml(blend.name)}</h1>
  <p class="muted">${escapeHtml(sharedSummary(blend))}</p>
  <section aria-labelledby="recipe"><h2 id="recipe">Recipe</h2>
  <div class="layers">
    <div class="layer"><h3>Top note</h3>${oilList(blend.layers.top)}</div>
    <div class="layer"><h3>Middle note</h3>${oilList(blend.layers.middle)}</div>
    <div class="layer"><h3>Base note</h3>${oilList(blend.layers.base)}</div>
  </div></section>
</article>
<section class="card" aria-labelledby="properties"><h2 id="properties">Blend properties</h2>
  ${effects ? `<ul class="badges" aria-label="Effects">${effects}</ul>` : ''}
  ${blend.scentProfile ? `<p>${escapeHtml(blend.scentProfile)}</p>` : ''}
</section>
${blend.notes ? `<section class="card" aria-labelledby="notes"><h2 id="notes">Notes</h2><p class="notes">${escapeHtml(blend.notes)}</p></section>` : ''}
<section class="card actions" aria-label="Make it yours">
  <a class="button" href="${escapeHtml(context.copyHref)}">Copy to my journal</a>
  <span class="muted">Copies this recipe into your own Accord journal, where you can change it and log your tests.</span>
</section>`
  return page(
    {
      title: `${blend.name} · a blend shared on Accord`,
      description: sharedSummary(blend),
      url: context.url,
      origin: context.origin,
      theme: context.theme ?? 'system',
    },
    body,
  )
}

/** The page of a link that does not exist (never made, or revoked): it says so, and nothing more. */
export function renderMissingSharePage(origin: string, theme: SharePageTheme = 'system'): string {
  return page(
    {
      title: 'This shared blend is not available · Accord',
      description: 'This share link does not exist or was revoked by its owner.',
      url: `${origin}/`,
      origin,
      theme,
    },
    `<section class="card" aria-labelledby="missing"><h1 id="missing">This shared blend is not available</h1>
<p>The link does not exist, or its owner has stopped sharing it.</p>
<p><a class="button" href="/">Go to Accord</a></p></section>`,
  )
}
