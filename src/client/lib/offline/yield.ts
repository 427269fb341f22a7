/**
 * Gives the page's thread back to the browser between slices of work (decision 065): a tap or a
 * frame waiting runs first. `scheduler.yield()` where the browser has it (it keeps the task's
 * priority), else a message to ourselves, which runs after what is queued without a timer's
 * clamping.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}

/** Runs `work` over `items` in slices of at most `budgetMs`, yielding between them. */
export async function inSlices<T>(items: readonly T[], work: (item: T) => void, budgetMs = 8): Promise<void> {
  let sliceStart = performance.now()
  for (const item of items) {
    work(item)
    if (performance.now() - sliceStart > budgetMs) {
      await yieldToMain()
      sliceStart = performance.now()
    }
  }
}
