import { FileText, Tag } from 'lucide-react'
import { Link } from 'react-router'
import { labelUse, productTypeById } from '#shared/domain/safety.ts'
import { buttonClass } from '#client/components/ui/button.tsx'
import { assessorPackPath } from '#client/lib/assessor-pack-links.ts'
import { previewLabelPath, type LabelPreview } from '#client/lib/label-links.ts'
import { useMessages } from '#client/lib/i18n.ts'

/**
 * The batch's EU allergen label (docs/product.md "The allergen screens"): a link to /label carrying
 * the calculator's inputs, for a cosmetic; for home fragrance, that a CLP label applies and a link
 * to the allergens it would name; without a product type, what the label needs.
 */
export function LabelLink(batch: LabelPreview) {
  const t = useMessages()
  const type = productTypeById(batch.productType)
  return (
    <div className="mt-5 flex flex-col gap-2 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between print:hidden">
      {!type ? (
        <p className="text-sm text-muted-foreground">{t('calculator.label.chooseType')}</p>
      ) : labelUse(type) === null ? (
        <>
          <p className="text-sm text-muted-foreground">{t('calculator.label.homeFragrance')}</p>
          <Link to={previewLabelPath(batch)} className={buttonClass({ variant: 'outline' })}>
            <Tag aria-hidden="true" />
            {t('calculator.label.clp')}
          </Link>
        </>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t('calculator.label.cosmetic')}</p>
          <span className="flex flex-wrap gap-2">
            <Link to={previewLabelPath(batch)} className={buttonClass({ variant: 'outline' })}>
              <Tag aria-hidden="true" />
              {t('calculator.label.label')}
            </Link>
            <Link
              to={assessorPackPath({ versionId: batch.versionId, productType: type.id, oilPercentage: batch.oilPercentage })}
              className={buttonClass({ variant: 'outline' })}
            >
              <FileText aria-hidden="true" />
              {t('calculator.label.assessorPack')}
            </Link>
          </span>
        </>
      )}
    </div>
  )
}
