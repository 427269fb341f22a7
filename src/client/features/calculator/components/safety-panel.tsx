import { useId } from 'react'
import { Info, ShieldAlert, ShieldCheck, ShieldQuestionMark } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import type { SafetyCautionKind, SafetyReport, SafetyWarningKind } from '#shared/domain/safety.ts'
import { AudienceMaxima } from '#client/features/calculator/components/audience-maxima.tsx'
import { useMessages } from '#client/lib/i18n.ts'
import { useOilName } from '#client/lib/oil-words.ts'
import { oilSafetyText, scopeText, totalUncheckedText, uncheckedText, warningText } from '#client/lib/safety-words.ts'
import { audienceById } from '#shared/domain/audiences.ts'
// Rendered on its own in tests: the calculator's words, English at once.
import '#client/features/calculator/calculator-catalog.ts'

/** Each warning's lead, by its kind: the catalog's id (the text is followed by a space). */
const WARNING_LABELS: Readonly<Record<SafetyWarningKind, string>> = {
  'over-limit': 'calculator.safety.overLimit',
  phototoxic: 'calculator.safety.phototoxic',
  'over-audience-total': 'calculator.safety.overAudienceTotal',
  'avoid-for-audience': 'calculator.safety.avoidForAudience',
  'audience-caution': 'calculator.safety.audienceCaution',
}

/** A caution's lead ('Bergamot, children:'), by its kind. */
const CAUTION_IDS: Readonly<Record<SafetyCautionKind, string>> = {
  children: 'calculator.safety.caution.children',
  pregnancy: 'calculator.safety.caution.pregnancy',
  oxidation: 'calculator.safety.caution.oxidation',
}

/**
 * Skin-safety notes for the chosen product type. They inform; the numbers above are never withheld.
 * Warnings, oils that could not be checked and cautions are three lists, so a reader (or a screen
 * reader) never takes one for another; the green line appears only when the report is clear.
 */
export function SafetyPanel({ report }: { report: SafetyReport | null }) {
  const t = useMessages()
  const oilName = useOilName()
  const id = useId()
  const audience = report?.audience ? (audienceById(report.audience.id) ?? null) : null
  return (
    // With no product type there is nothing to check, and nothing for paper.
    <Card className={report === null ? 'print:hidden' : undefined}>
      <CardHeader className="print:px-4 print:pt-4">
        <CardTitle>{t('calculator.safety.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm print:gap-2 print:p-4">
        {report === null ? (
          <p className="text-muted-foreground">{t('calculator.safety.chooseType')}</p>
        ) : (
          <>
            <p className="text-muted-foreground">{scopeText(t, report.use)}</p>
            {report.audience && report.audience.id !== 'adults' ? (
              report.use === 'leave-on' ? (
                <AudienceMaxima audience={report.audience} headingId={`${id}-audience`} />
              ) : (
                <p className="text-muted-foreground">{t('calculator.audience.leaveOnOnly')}</p>
              )
            ) : null}
            {report.warnings.length > 0 ? (
              <ul aria-label={t('calculator.safety.warnings')} className="flex flex-col gap-3">
                {report.warnings.map((warning) => (
                  <li
                    key={`${warning.kind}-${warning.oil}`}
                    className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
                  >
                    <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
                    <span>
                      <strong className="font-semibold">{t(WARNING_LABELS[warning.kind])} </strong>
                      {warningText(t, warning, audience)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
            {report.unchecked.length > 0 || report.audience?.totalUnchecked ? (
              <section aria-labelledby={`${id}-unchecked`} className="flex flex-col gap-2">
                <h3 id={`${id}-unchecked`} className="flex items-center gap-2 font-medium text-foreground">
                  <ShieldQuestionMark aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                  {t('calculator.safety.notChecked')}
                </h3>
                <ul aria-label={t('calculator.safety.oilsNotChecked')} className="flex flex-col gap-2">
                  {report.audience?.totalUnchecked && audience ? (
                    <li className="rounded-lg border border-border p-3 text-foreground">
                      {totalUncheckedText(t, audience, report.audience)}
                    </li>
                  ) : null}
                  {report.unchecked.map((oil) => (
                    <li key={oil.oil} className="rounded-lg border border-border p-3 text-foreground">
                      {uncheckedText(t, oil)}
                    </li>
                  ))}
                </ul>
                <p className="text-muted-foreground">{t('calculator.safety.noMaximumNote')}</p>
              </section>
            ) : null}
            {report.clear ? (
              <p className="flex items-center gap-2 text-foreground">
                <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
                {t('calculator.safety.noWarnings')}
              </p>
            ) : null}
            {report.cautions.length > 0 ? (
              <section aria-labelledby={`${id}-cautions`} className="flex flex-col gap-2">
                <h3 id={`${id}-cautions`} className="flex items-center gap-2 font-medium text-foreground">
                  <Info aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                  {t('calculator.safety.cautions')}
                </h3>
                <ul aria-label={t('calculator.safety.cautionsList')} className="flex flex-col gap-2">
                  {report.cautions.map((note) => (
                    <li key={`${note.kind}-${note.oil}`} className="text-foreground">
                      <strong className="font-semibold">{t(CAUTION_IDS[note.kind], { oil: oilName(note.oil) })}</strong>{' '}
                      {oilSafetyText(t, note.text)}{' '}
                      <span className="text-muted-foreground">{t('calculator.safety.source', { source: note.source })}</span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  )
}
