/**
 * Deletes what the signed-in user kept on this device (decision 029): the saved data and the
 * queue. The IndexedDB code loads only when this runs.
 */
export async function clearDeviceData(): Promise<void> {
  // Nothing was kept where there is no IndexedDB.
  if (typeof indexedDB === 'undefined') return
  const { clearDeviceDb } = await import('#client/lib/offline/device-db.ts')
  await clearDeviceDb()
}
