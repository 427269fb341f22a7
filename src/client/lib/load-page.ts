/** A full page load of `url` (everything in memory is dropped). One place, so tests can replace it. */
export function loadPage(url: string): void {
  window.location.assign(url)
}
