import { act, renderHook } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { useSingleFlight } from '#client/lib/use-single-flight.ts'

/** A task that stays in flight until the test settles it. */
function deferred() {
  let resolve!: () => void
  let reject!: (err: Error) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('useSingleFlight', () => {
  it('ignores a second call while the first is in flight, in the same tick', async () => {
    const { result } = renderHook(() => useSingleFlight())
    const work = deferred()
    const task = vi.fn(() => work.promise)
    const first = result.current(task)
    const second = result.current(task)
    expect(task).toHaveBeenCalledTimes(1)
    expect(first).toBeInstanceOf(Promise)
    expect(second).toBeNull()
    await act(async () => {
      work.resolve()
      await first
    })
    expect(result.current(async () => {})).not.toBeNull()
  })

  it('frees the flight when the task fails, and hands the failure to the caller', async () => {
    const { result } = renderHook(() => useSingleFlight())
    const work = deferred()
    const first = result.current(() => work.promise)
    work.reject(new Error('down'))
    await expect(first).rejects.toThrow('down')
    const again = vi.fn(async () => {})
    result.current(again)
    expect(again).toHaveBeenCalledTimes(1)
  })

  it('frees the flight when the task throws before returning a promise', () => {
    const { result } = renderHook(() => useSingleFlight())
    expect(() =>
      result.current(() => {
        throw new Error('at once')
      }),
    ).toThrow('at once')
    const again = vi.fn(async () => {})
    result.current(again)
    expect(again).toHaveBeenCalledTimes(1)
  })

  it('keeps one flight per component', () => {
    const a = renderHook(() => useSingleFlight())
    const b = renderHook(() => useSingleFlight())
    const task = vi.fn(() => new Promise<void>(() => {}))
    a.result.current(task)
    b.result.current(task)
    expect(task).toHaveBeenCalledTimes(2)
  })
})
