import { describe, expect, it } from 'vitest'
import { longTasksAfterMark, longTasksOf } from './long-tasks.ts'

/** A trace's complete event on the page's main thread (pid 1, tid 2), times in ms. */
const x = (name: string, startMs: number, durMs: number, tid = 2) => ({ name, ph: 'X', ts: startMs * 1000, dur: durMs * 1000, pid: 1, tid })
const URL_ = 'http://127.0.0.1/'
const navigation = {
  name: 'navigationStart',
  ph: 'R',
  ts: 0,
  pid: 1,
  tid: 2,
  args: { data: { documentLoaderURL: URL_, isOutermostMainFrame: true } },
}

describe("a trace's long tasks (issue 34)", () => {
  const traceEvents = [
    navigation,
    // A task of 120 ms: a wrapper around a layout of 80 ms (with a 10 ms text shaping inside) and style of 30.
    x('RunTask', 100, 120),
    x('ThreadControllerImpl::RunTask', 100, 120),
    x('Layout', 105, 80),
    x('TextShaping', 110, 10),
    x('UpdateLayoutTree', 186, 30),
    // Short, and on another thread: not long tasks of the page.
    x('RunTask', 300, 40),
    x('RunTask', 400, 200, 9),
    // A module evaluated after a mark made at 1,000 ms.
    { name: 'accord-mark', ph: 'R', ts: 1_000_000, pid: 1, tid: 2 },
    x('RunTask', 1_200, 90),
    x('v8.evaluateModule', 1_201, 88),
  ]

  it('lists the tasks over 50 ms of the navigation’s thread, each with what it spent its own time on', () => {
    const work = longTasksOf({ traceEvents }, URL_, 15_000)
    expect(work.longTasks.map(({ startMs, durationMs }) => [startMs, durationMs])).toEqual([
      [100, 120],
      [1_200, 90],
    ])
    expect(work.longTasks[0]!.parts).toEqual([
      ['Layout', 70],
      ['UpdateLayoutTree', 30],
      ['ThreadControllerImpl::RunTask', 10],
      ['TextShaping', 10],
    ])
    expect(work.totalBlockingMs).toBe(70 + 40)
  })

  it('names the scripts a task ran by file and function, each outermost call counted whole', () => {
    const call = (startMs: number, durMs: number, url: string, functionName?: string) => ({
      ...x('FunctionCall', startMs, durMs),
      args: { data: { url, ...(functionName ? { functionName } : {}) } },
    })
    const work = longTasksOf(
      {
        traceEvents: [
          navigation,
          x('RunTask', 100, 200),
          call(100, 90, 'http://127.0.0.1/assets/index-Ab12.js?v=1', 'performWorkUntilDeadline'),
          // A call inside the first: counted in it, not again.
          call(110, 40, 'http://127.0.0.1/assets/journal-Cd34.js', 'render'),
          x('Layout', 150, 30),
          call(195, 60, 'http://127.0.0.1/assets/index-Ab12.js', 'performWorkUntilDeadline'),
          call(260, 30, 'http://127.0.0.1/assets/offline-support-Ef56.js'),
          // An image from a data: address and the page's own parse are no script.
          { ...x('PaintImage', 292, 5), args: { data: { url: 'data:image/svg+xml;base64,AAAA' } } },
        ],
      },
      URL_,
      15_000,
    )
    expect(work.longTasks[0]!.scripts).toEqual([
      ['index-Ab12.js performWorkUntilDeadline', 150],
      ['offline-support-Ef56.js (FunctionCall)', 30],
    ])
  })

  it('reads the long tasks after a User Timing mark, on the thread that made it', () => {
    const tasks = longTasksAfterMark({ traceEvents }, 'accord-mark', 10_000)
    expect(tasks).toEqual([{ startMs: 200, durationMs: 90, parts: [['v8.evaluateModule', 88]], scripts: [] }])
    expect(() => longTasksAfterMark({ traceEvents }, 'no-such-mark', 10_000)).toThrow(/no mark/)
  })
})
