/**
 * How much longer `run` takes on 16 times the input than on the input once, measured in one run
 * (issue #32): a linear parser gives about 16, a quadratic one about 256. Both sizes are warmed up,
 * then timed in alternating rounds, each size's time the best of its rounds; a round repeats the
 * call until it has taken at least `roundMs` (a small input is timed over many calls, a slow one
 * over one). Tests fail above LINEAR_RATIO_LIMIT, which leaves room for a loaded machine.
 */
export const LINEAR_RATIO_LIMIT = 40

export async function timeRatio<T>(
  make: (scale: number) => T,
  run: (input: T) => unknown,
  { rounds = 4, roundMs = 30 } = {},
): Promise<{ ratio: number; once: number; sixteen: number }> {
  const [small, large] = [make(1), make(16)]
  const round = async (input: T) => {
    let calls = 0
    const start = performance.now()
    do {
      await run(input)
      calls += 1
    } while (performance.now() - start < roundMs)
    return (performance.now() - start) / calls
  }
  let once = await round(small)
  // A single call past a second (and far past the limit) is a quadratic parser: timed once.
  const warm = performance.now()
  await run(large)
  const first = performance.now() - warm
  if (first > Math.max(1_000, once * LINEAR_RATIO_LIMIT * 4)) return { ratio: first / once, once, sixteen: first }
  let sixteen = Infinity
  for (let r = 0; r < rounds; r++) {
    once = Math.min(once, await round(small))
    sixteen = Math.min(sixteen, await round(large))
  }
  return { ratio: sixteen / once, once, sixteen }
}
