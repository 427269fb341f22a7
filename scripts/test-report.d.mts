export type RunSummary = { passed: number; failed: number; skipped: number; problems: string[] }
export declare function summariseVitest(report: unknown): RunSummary
export declare function summarisePlaywright(report: unknown): RunSummary
export declare function readMinimums(file: string): Record<string, number>
export declare function missingTools(names: string[]): string[]
export declare function judgeRun(code: number, summary: RunSummary, minimum: number | undefined): string[]
