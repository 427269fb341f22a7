import { currencyCodes } from '#client/lib/money.ts'

// Loaded only with the currency chooser (components/currency-form-fields.tsx, a chunk of its own):
// the region table stays out of every page that merely shows money.

/**
 * Where each region's money is (ISO 3166 region to ISO 4217 code), for the regions whose people
 * most often use Accord; a region not listed gets no default and the maker chooses.
 */
const REGION_CURRENCY: Readonly<Record<string, string>> = {
  ...Object.fromEntries(
    [
      'AD',
      'AT',
      'BE',
      'BG',
      'CY',
      'DE',
      'EE',
      'ES',
      'FI',
      'FR',
      'GR',
      'HR',
      'IE',
      'IT',
      'LT',
      'LU',
      'LV',
      'MC',
      'ME',
      'MT',
      'NL',
      'PT',
      'SI',
      'SK',
      'SM',
      'VA',
      'XK',
    ].map((region) => [region, 'EUR']),
  ),
  US: 'USD',
  PR: 'USD',
  EC: 'USD',
  SV: 'USD',
  GB: 'GBP',
  IM: 'GBP',
  JE: 'GBP',
  GG: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  CH: 'CHF',
  LI: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  IS: 'ISK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  RO: 'RON',
  RS: 'RSD',
  UA: 'UAH',
  TR: 'TRY',
  IL: 'ILS',
  AE: 'AED',
  SA: 'SAR',
  QA: 'QAR',
  EG: 'EGP',
  ZA: 'ZAR',
  NG: 'NGN',
  KE: 'KES',
  MA: 'MAD',
  JP: 'JPY',
  CN: 'CNY',
  HK: 'HKD',
  TW: 'TWD',
  KR: 'KRW',
  SG: 'SGD',
  MY: 'MYR',
  TH: 'THB',
  ID: 'IDR',
  PH: 'PHP',
  VN: 'VND',
  IN: 'INR',
  PK: 'PKR',
  BD: 'BDT',
  LK: 'LKR',
  BR: 'BRL',
  MX: 'MXN',
  AR: 'ARS',
  CL: 'CLP',
  CO: 'COP',
  PE: 'PEN',
  UY: 'UYU',
}

/**
 * The currency of the browser's language's region ('en-GB': GBP, 'de': EUR, 'fr-CA': CAD), the
 * shelf's default until the maker chooses (docs/product.md, "The oil shelf"); null when the region
 * is unknown or has none the browser knows.
 */
export function localeCurrency(
  locale: string | undefined = typeof navigator === 'undefined' ? undefined : navigator.language,
): string | null {
  if (!locale) return null
  try {
    const region = new Intl.Locale(locale).maximize().region
    const code = region ? REGION_CURRENCY[region] : undefined
    return code && currencyCodes().includes(code) ? code : null
  } catch {
    return null
  }
}
