import { Suspense, useId, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { Label, LabelOptions } from '#shared/api/labels.ts'
import { allergenLine } from '#shared/domain/label-lines.ts'
import { textButtonClass } from '#client/components/ui/button.tsx'
import { Label as FieldLabel } from '#client/components/ui/label.tsx'
import { Select } from '#client/components/ui/select.tsx'
import { responsibleOf, useLabelSettings } from '#client/lib/label-settings.ts'
import { LabelSheetPreview } from '#client/features/labels/components/label-sheet-preview.tsx'
import { DEFAULT_PAO, PAO_CHOICES, type LabelSheetContent, type Nominal, type Pao } from '#client/features/labels/lib/label-sheet-text.ts'
import { LABEL_TEXTS, PRECAUTION_IDS, type PrecautionId } from '#client/features/labels/lib/label-texts.ts'
import { currentLanguage, useMessages } from '#client/lib/i18n.ts'
import { aroundPlaceholder } from '#client/lib/around-placeholder.ts'
import { LanguageOptions } from '#client/components/language-options.tsx'
import { languageOf, type Language } from '#shared/i18n/languages.ts'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { preloadedChunk } from '#client/lib/preloaded-chunk.ts'
import { IngredientText } from '#client/features/labels/components/ingredient-text.tsx'
import { PrintLabels } from '#client/features/labels/components/print-labels.tsx'
import { batchCodeUrl } from '#client/lib/qr/code-url.ts'
import type { LabelOptionsValues } from '#client/features/labels/lib/label-format.ts'

/** The parts of the label screen a preview and a recorded batch share. */

// The options form and its schema library load on their own, after the screen: a label shows without them.
const LabelOptionsForm = preloadedChunk(() => import('#client/features/labels/components/options-form.tsx').then((m) => m.LabelOptionsForm))

/** The blend's name and the version's reference for the heading, and the batch's code once recorded. */
export function BlendLine({
  name,
  reference,
  batchCode,
  extra,
}: {
  name: string | null
  reference: string | null
  batchCode?: string | null
  extra?: ReactNode
}) {
  const t = useMessages()
  if (!name) return null
  return (
    <p className="text-lg font-semibold text-foreground">
      {reference ? <span className="font-mono text-base text-muted-foreground">{`${reference} `}</span> : null}
      {name}
      {batchCode ? (
        <span className="text-base font-normal text-muted-foreground">{t('labels.parts.batchCode', { code: batchCode })}</span>
      ) : null}
      {extra}
    </p>
  )
}

/** The ingredient list's card: the options, the resulting text and Copy. */
export function IngredientCard({
  defaults,
  onOptions,
  refused,
  check,
  label,
  stale,
  footer,
}: {
  defaults: LabelOptionsValues
  /** Stable (useCallback): the options each time they change, null while something typed does not hold. */
  onOptions: (options: LabelOptions | null, changed: boolean) => void
  refused: Record<string, string> | null
  check?: number
  label: Label | null
  stale: boolean
  footer?: ReactNode
}) {
  const t = useMessages()
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('labels.ingredients.title')}</CardTitle>
        <CardDescription>{t('labels.ingredients.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <Suspense fallback={<Spinner label={t('labels.ingredients.loadingOptions')} />}>
          <LabelOptionsForm defaults={defaults} onOptions={onOptions} refused={refused} check={check} />
        </Suspense>
        {label ? <IngredientText text={label.ingredientText} stale={stale} /> : null}
        {footer}
      </CardContent>
    </Card>
  )
}

/** The responsible person is missing: the label says it is incomplete, and where to add them. */
function ResponsibleMissing() {
  const t = useMessages()
  const [before, after] = aroundPlaceholder(t, 'labels.print.noResponsible', 'account')
  return (
    <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-sm text-amber-950">
      {before}
      <Link to="/account" className={textButtonClass}>
        {t('labels.print.yourAccount')}
      </Link>
      {after}
    </p>
  )
}

/**
 * The print card of a label: the period after opening, one label as the sheet prints it, and the
 * PDF. The batch code, the nominal quantity and the responsible person come with the batch and
 * the account (decision 050).
 */
export function PrintCard({
  label,
  title,
  batchCode,
  nominal,
  batchId = null,
}: {
  label: Label
  title: string
  batchCode: string | null
  nominal: Nominal
  /** The recorded batch: its QR code goes on each label (docs/product.md "QR codes at the bench"). */
  batchId?: number | null
}) {
  const t = useMessages()
  const settings = useLabelSettings()
  const [pao, setPao] = useState<Pao>(DEFAULT_PAO)
  const [language, setLanguage] = useState<Language>(() => labelLanguageOnDevice() ?? currentLanguage())
  const [precautions, setPrecautions] = useState<readonly PrecautionId[]>([])
  const responsible = responsibleOf(settings.data)
  const content: LabelSheetContent = {
    title,
    productLabel: label.productLabel,
    productType: label.productType,
    language,
    precautions,
    batchCode,
    nominal,
    ingredientText: label.ingredientText,
    allergens: allergenLine(label),
    responsible,
    pao,
    declarationsComplete: label.complete,
    qrUrl: batchId === null || typeof location === 'undefined' ? null : batchCodeUrl(location.origin, batchId),
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('labels.print.title')}</CardTitle>
        <CardDescription>{t('labels.print.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {settings.isPending ? (
          <Spinner label={t('labels.print.loadingSettings')} />
        ) : (
          <PrintBody
            content={content}
            settingsFailed={settings.isError}
            onPao={setPao}
            onLanguage={(chosen) => {
              setLanguage(chosen)
              rememberLabelLanguage(chosen)
            }}
            onPrecautions={setPrecautions}
          />
        )}
      </CardContent>
    </Card>
  )
}

/** Where the last label language chosen is kept: a maker who sells in one market chooses it once per device. */
const LABEL_LANGUAGE_KEY = 'accord-label-language'

function labelLanguageOnDevice(): Language | null {
  try {
    return languageOf(localStorage.getItem(LABEL_LANGUAGE_KEY))
  } catch {
    return null
  }
}

function rememberLabelLanguage(language: Language): void {
  try {
    localStorage.setItem(LABEL_LANGUAGE_KEY, language)
  } catch {
    // Storage refused (a private window): the choice holds for this page.
  }
}

/** The label's language and precautions, the period after opening, the label as printed, and the PDF, once the account's label settings are known. */
function PrintBody({
  content,
  settingsFailed,
  onPao,
  onLanguage,
  onPrecautions,
}: {
  content: LabelSheetContent
  settingsFailed: boolean
  onPao: (pao: Pao) => void
  onLanguage: (language: Language) => void
  onPrecautions: (precautions: readonly PrecautionId[]) => void
}) {
  const t = useMessages()
  const id = useId()
  const chosen = content.precautions ?? []
  /** The precautions as the shown language words them on a label (label-texts.ts): what each choice prints. */
  const shownPrecautions = LABEL_TEXTS[currentLanguage()].precaution
  return (
    <>
      {settingsFailed ? (
        <p role="alert" className="text-sm text-destructive">
          {t('labels.print.settingsFailed')}
        </p>
      ) : !content.responsible ? (
        <ResponsibleMissing />
      ) : null}
      <div className="grid gap-2 sm:max-w-xs">
        <FieldLabel htmlFor={`${id}-pao`}>{t('labels.print.pao')}</FieldLabel>
        <Select
          id={`${id}-pao`}
          className="w-full"
          value={content.pao}
          aria-describedby={`${id}-pao-hint`}
          onChange={(event) => onPao(event.target.value as Pao)}
        >
          {PAO_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {t('labels.print.paoChoice', { pao: choice, count: Number(choice.slice(0, -1)) })}
            </option>
          ))}
        </Select>
        <p id={`${id}-pao-hint`} className="text-xs text-muted-foreground">
          {t('labels.print.paoHint')}
        </p>
      </div>
      <div className="grid gap-2 sm:max-w-xs">
        <FieldLabel htmlFor={`${id}-language`}>{t('labels.print.language')}</FieldLabel>
        <Select
          id={`${id}-language`}
          className="w-full"
          value={content.language ?? 'en'}
          aria-describedby={`${id}-language-hint`}
          onChange={(event) => onLanguage(languageOf(event.target.value) ?? 'en')}
        >
          <LanguageOptions />
        </Select>
        <p id={`${id}-language-hint`} className="text-xs text-muted-foreground">
          {t('labels.print.languageHint')}
        </p>
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">{t('labels.print.precautions')}</legend>
        <p className="text-xs text-muted-foreground">{t('labels.print.precautionsHint')}</p>
        <div className="grid gap-1.5 sm:grid-cols-2">
          {PRECAUTION_IDS.map((precaution) => (
            <label key={precaution} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                checked={chosen.includes(precaution)}
                onChange={(event) =>
                  onPrecautions(event.target.checked ? [...chosen, precaution] : chosen.filter((other) => other !== precaution))
                }
              />
              <span>{shownPrecautions[precaution]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <LabelSheetPreview content={content} />
      <PrintLabels content={content} />
    </>
  )
}
