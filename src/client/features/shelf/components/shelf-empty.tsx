import { Calculator, Droplets, Plus, Wallet } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent } from '#client/components/ui/card.tsx'
import { useMessages } from '#client/lib/i18n.ts'

const POINTS = [
  { icon: Droplets, text: 'shelf.empty.record' },
  { icon: Wallet, text: 'shelf.empty.price' },
  { icon: Calculator, text: 'shelf.empty.calculator' },
]

/** The shelf before its first bottle: what it is for, and the way to start. */
export function ShelfEmpty({ onAdd }: { onAdd: () => void }) {
  const t = useMessages()
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-5 py-10 text-center">
        <Droplets aria-hidden="true" className="size-10 text-primary" />
        <div className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold text-foreground">{t('shelf.empty.title')}</h2>
          <p className="max-w-md text-muted-foreground">{t('shelf.empty.lead')}</p>
        </div>
        <ul className="flex max-w-md flex-col gap-3 text-left text-sm text-foreground">
          {POINTS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3">
              <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{t(text)}</span>
            </li>
          ))}
        </ul>
        <Button onClick={onAdd}>
          <Plus aria-hidden="true" />
          {t('shelf.empty.add')}
        </Button>
      </CardContent>
    </Card>
  )
}
