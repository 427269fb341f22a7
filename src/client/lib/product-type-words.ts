/**
 * A product type's name in the shown language (`common.productType.<id>`): the one catalog entry the
 * calculator, the label screen, the batches and the assessor pack all show. The English names are
 * also PRODUCT_TYPES' labels (#shared/domain/safety.ts), which the server writes into the assistant's
 * tool descriptions; product-type-words.test.ts holds the two equal.
 */
import '#client/lib/common-words.ts'
import { productTypeById } from '#shared/domain/safety.ts'

type Translate = (id: string, values?: Record<string, unknown>) => string

/**
 * The name of a known product type; for an unknown id (a batch recorded under a type Accord no
 * longer has) `otherwise`, the id itself unless the caller has the server's words for it.
 */
export function productTypeName(t: Translate, id: string, otherwise: string = id): string {
  return productTypeById(id) ? t(`common.productType.${id}`) : otherwise
}
