/** Hands bytes the app made (a PDF) to the browser as a download named `fileName`. */
export function downloadBytes(bytes: Uint8Array, fileName: string, type = 'application/pdf') {
  const url = URL.createObjectURL(new Blob([bytes as Uint8Array<ArrayBuffer>], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
