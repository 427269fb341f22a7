import { ShieldAlert, ShieldCheck } from 'lucide-react'
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx'
import type { SafetyReport } from '#shared/domain/safety.ts'

/** Skin-safety notes for the chosen product type. They inform; the numbers above are never withheld. */
export function SafetyPanel({ report }: { report: SafetyReport | null }) {
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
            {report.warnings.length > 0 ? (
              <ul aria-label="Safety warnings" className="flex flex-col gap-3">
                {report.warnings.map((warning) => (
                  <li
                    key={`${warning.kind}-${warning.oil}`}
                    className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950"
                  >
                    <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-800" />
                    <span>
                      <strong className="font-semibold">
                        {warning.kind === 'over-limit' ? 'Above the leave-on maximum: ' : 'Phototoxic: '}
                      </strong>
                      {warning.message}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="flex items-center gap-2 text-foreground">
                <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-primary" />
                No safety warnings for this blend at this percentage.
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
