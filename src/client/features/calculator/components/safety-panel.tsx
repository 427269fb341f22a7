import { useId } from 'react'
import { Info, ShieldAlert, ShieldCheck, ShieldQuestionMark } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import { CAUTION_LABELS, NO_WARNINGS, type SafetyReport, type SafetyWarningKind } from '#shared/domain/safety.ts'
import { AudienceMaxima } from '#client/features/calculator/components/audience-maxima.tsx'

const WARNING_LABELS: Readonly<Record<SafetyWarningKind, string>> = {
  'over-limit': 'Above the leave-on maximum: ',
  phototoxic: 'Phototoxic: ',
  'over-audience-total': 'Above the total for who it is for: ',
  'avoid-for-audience': 'Not for who it is for: ',
  'audience-caution': 'Caution for who it is for: ',
}

/**
 * Skin-safety notes for the chosen product type. They inform; the numbers above are never withheld.
 * Warnings, oils that could not be checked and cautions are three lists, so a reader (or a screen
 * reader) never takes one for another; the green line appears only when the report is clear.
 */
export function SafetyPanel({ report }: { report: SafetyReport | null }) {
  const id = useId()
  return (
    // With no product type there is nothing to check, and nothing for paper.
    <Card className={report === null ? 'print:hidden' : undefined}>
      <CardHeader className="print:px-4 print:pt-4">
        <CardTitle>Safety checks</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm print:gap-2 print:p-4">
        {report === null ? (
          <p className="text-muted-foreground">Choose a product type to check the blend against skin-safety limits.</p>
        ) : (
          <>
            <p className="text-muted-foreground">{report.scope}</p>
            {report.audience && report.audience.id !== 'adults' ? (
              report.use === 'leave-on' ? (
                <AudienceMaxima audience={report.audience} headingId={`${id}-audience`} />
              ) : (
                <p className="text-muted-foreground">Who it is for changes the checks of products left on the skin only.</p>
              )
            ) : null}
            {report.warnings.length > 0 ? (
              <ul aria-label="Safety warnings" className="flex flex-col gap-3">
                {report.warnings.map((warning) => (
                  <li
                    key={`${warning.kind}-${warning.oil}`}
                    className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
                  >
                    <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
                    <span>
                      <strong className="font-semibold">{WARNING_LABELS[warning.kind]}</strong>
                      {warning.message}
                    </span>
                  </li>
                ))}
              </ul>
            ) : null}
            {report.unchecked.length > 0 || report.audience?.totalUnchecked ? (
              <section aria-labelledby={`${id}-unchecked`} className="flex flex-col gap-2">
                <h3 id={`${id}-unchecked`} className="flex items-center gap-2 font-medium text-foreground">
                  <ShieldQuestionMark aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                  Not checked against a maximum
                </h3>
                <ul aria-label="Oils not checked" className="flex flex-col gap-2">
                  {report.audience?.totalUnchecked ? (
                    <li className="rounded-lg border border-border p-3 text-foreground">{report.audience.totalUnchecked}</li>
                  ) : null}
                  {report.unchecked.map((oil) => (
                    <li key={oil.oil} className="rounded-lg border border-border p-3 text-foreground">
                      {oil.message}
                    </li>
                  ))}
                </ul>
                <p className="text-muted-foreground">
                  No maximum on file does not mean safe at any amount: check these oils against your own sources.
                </p>
              </section>
            ) : null}
            {report.clear ? (
              <p className="flex items-center gap-2 text-foreground">
                <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
                {NO_WARNINGS}
              </p>
            ) : null}
            {report.cautions.length > 0 ? (
              <section aria-labelledby={`${id}-cautions`} className="flex flex-col gap-2">
                <h3 id={`${id}-cautions`} className="flex items-center gap-2 font-medium text-foreground">
                  <Info aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
                  Cautions for children, pregnancy and storage
                </h3>
                <ul aria-label="Safety cautions" className="flex flex-col gap-2">
                  {report.cautions.map((note) => (
                    <li key={`${note.kind}-${note.oil}`} className="text-foreground">
                      <strong className="font-semibold">
                        {note.oil}, {CAUTION_LABELS[note.kind].toLowerCase()}:
                      </strong>{' '}
                      {note.text} <span className="text-muted-foreground">Source: {note.source}.</span>
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
