import { Calculator, Droplets, Plus, Wallet } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { Card, CardContent } from '#client/components/ui/card.tsx'

const POINTS = [
  { icon: Droplets, text: 'Record each bottle you own: its size in mL or g, and how much is left.' },
  { icon: Wallet, text: 'Add what you paid, and see what a millilitre of each oil costs you.' },
  { icon: Calculator, text: 'The calculator then prices every batch, and "Mark as made" takes the oil off your shelf.' },
]

/** The shelf before its first bottle: what it is for, and the way to start. */
export function ShelfEmpty({ onAdd }: { onAdd: () => void }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-5 py-10 text-center">
        <Droplets aria-hidden="true" className="size-10 text-primary" />
        <div className="flex flex-col gap-2">
          <h2 className="text-lg font-semibold text-foreground">Your shelf is empty</h2>
          <p className="max-w-md text-muted-foreground">Your shelf keeps track of the oils you own.</p>
        </div>
        <ul className="flex max-w-md flex-col gap-3 text-left text-sm text-foreground">
          {POINTS.map(({ icon: Icon, text }) => (
            <li key={text} className="flex items-start gap-3">
              <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{text}</span>
            </li>
          ))}
        </ul>
        <Button onClick={onAdd}>
          <Plus aria-hidden="true" />
          Add your first bottle
        </Button>
      </CardContent>
    </Card>
  )
}
