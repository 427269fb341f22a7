import { TriangleAlert } from 'lucide-react'
import { Link } from 'react-router'
import { textButtonClass } from '#client/components/ui/button.tsx'
import type { BatchOilCost } from '#shared/domain/shelf.ts'

const ml = (value: number) => `${value.toFixed(value < 1 ? 2 : 1)} mL`

/** The warning when the shelf holds too little of some oils for this batch. */
export function ShelfShortage({ short }: { short: readonly BatchOilCost[] }) {
  if (short.length === 0) return null
  return (
    <section
      aria-labelledby="shelf-shortage-title"
      className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="flex flex-col gap-1.5">
        <h3 id="shelf-shortage-title" className="font-semibold">
          Not enough on your shelf
        </h3>
        <ul aria-label="Oils your shelf is short of" className="flex flex-col gap-1">
          {short.map((oil) => (
            <li key={oil.oilId}>{`${oil.oilName}: this batch needs ${ml(oil.ml)}, your shelf is ${ml(oil.shortMl)} short.`}</li>
          ))}
        </ul>
        <p>
          <Link to="/shelf" className={textButtonClass}>
            Add bottles on your shelf
          </Link>
        </p>
      </div>
    </section>
  )
}
