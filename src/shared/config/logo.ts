/**
 * Accord's mark (a drop holding a sprig, the three notes of a blend as its leaves), drawn on a
 * 32x32 rounded square: the app's logo (client/components/logo.tsx) draws it from these, in the
 * app and in the signed-in pages the build paints.
 */
export const LOGO_MARK = {
  viewBox: '0 0 32 32',
  cornerRadius: 9,
  drop: 'M16 6c-4.5 3.6-6.8 7.4-6.8 11.2A6.8 6.8 0 0 0 16 24a6.8 6.8 0 0 0 6.8-6.8C22.8 13.4 20.5 9.6 16 6Z',
  sprig: 'M16 11.5v15M16 17.5l3-2.6M16 21l-3-2.6',
  sprigWidth: 1.7,
} as const
