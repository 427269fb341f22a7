import { X } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { MAX_PACK_VARIANTS } from '#shared/domain/assessor-pack.ts'
import { LoadError } from '#client/components/load-error.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { aroundPlaceholder } from '#client/lib/around-placeholder.ts'
import { searchChoices, useMyAccords, type AccordChoice } from '#client/lib/my-accords.ts'

type Translate = (id: string, values?: Record<string, unknown>) => string

const choiceName = (t: Translate, c: Pick<AccordChoice, 'name' | 'referenceNumber'>) =>
  t('assessor.variants.choice', { name: c.name, reference: c.referenceNumber })

/**
 * The pack's variants: the versions chosen, in order, and every version of the journal to search
 * and tick (GET /api/blend-projects a page at a time, as "My accords" reads it). Its own chunk,
 * loaded after the page, so the page carries no schema library.
 */
export function VariantChoice({ chosen, onToggle }: { chosen: readonly number[]; onToggle: (versionId: number) => void }) {
  const t = useMessages()
  const [search, setSearch] = useState('')
  const versions = useMyAccords()
  const all = versions.data ?? []
  const byId = new Map(all.map((c) => [c.versionId, c]))
  const shown = searchChoices(all, search)
  const full = chosen.length >= MAX_PACK_VARIANTS
  const toggle = onToggle
  return (
    <>
      {chosen.length > 0 ? (
        <ul aria-label={t('assessor.variants.chosen')} className="flex flex-wrap gap-2">
          {chosen.map((id, index) => (
            <li key={id} className="flex items-center gap-1 rounded-full border border-border bg-muted px-3 py-1 text-sm">
              {`${index + 1}. ${byId.get(id) ? choiceName(t, byId.get(id)!) : t('assessor.variants.unknown', { id })}`}
              <button
                type="button"
                className="rounded-full p-1 hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={
                  byId.get(id)
                    ? t('assessor.variants.remove', { name: choiceName(t, byId.get(id)!) })
                    : t('assessor.variants.removeUnknown', { id })
                }
                onClick={() => toggle(id)}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor="pack-search">{t('assessor.variants.search')}</Label>
        <Input
          id="pack-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder={t('assessor.variants.searchPlaceholder')}
        />
      </div>
      {versions.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner label={t('assessor.loadingLabel')} /> {t('assessor.variants.loading')}
        </p>
      ) : versions.isError ? (
        <LoadError message={t('assessor.variants.loadError')} error={versions.error} onRetry={() => void versions.refetch()} inline />
      ) : all.length === 0 ? (
        <NoBlends />
      ) : (
        <fieldset className="grid gap-1">
          <legend className="sr-only">{t('assessor.variants.versions')}</legend>
          {shown.length === 0 ? <p className="text-sm text-muted-foreground">{t('assessor.variants.noMatch', { search })}</p> : null}
          <div className="grid max-h-80 gap-1 overflow-y-auto pr-1">
            {shown.map((c) => (
              <label
                key={c.versionId}
                className="flex min-h-10 cursor-pointer items-center gap-3 rounded-lg px-2 py-1.5 text-sm hover:bg-muted"
              >
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={chosen.includes(c.versionId)}
                  disabled={full && !chosen.includes(c.versionId)}
                  onChange={() => toggle(c.versionId)}
                />
                {choiceName(t, c)}
              </label>
            ))}
          </div>
          {versions.hasNextPage ? (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="justify-self-start"
              onClick={() => void versions.fetchNextPage()}
              disabled={versions.isFetchingNextPage}
            >
              {t('assessor.variants.showOlder')}
            </Button>
          ) : null}
        </fieldset>
      )}
    </>
  )
}

/** No blends to choose from: a link to make the first, inside the sentence in every language. */
function NoBlends() {
  const t = useMessages()
  const [before, after] = aroundPlaceholder(t, 'assessor.variants.noBlends', 'link')
  return (
    <p className="text-sm text-muted-foreground">
      {before}
      <Link className="underline" to="/blend">
        {t('assessor.variants.createBlend')}
      </Link>
      {after}
    </p>
  )
}
