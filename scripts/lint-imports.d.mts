export declare function sourceFiles(root: string, folders?: string[]): string[]
export declare function badNames(files: string[]): string[]
export declare function importGraph(root: string, files: string[], aliases: Record<string, string>): Map<string, string[]>
export declare function importCycles(graph: Map<string, string[]>): string[][]
export declare function aliasesOf(root: string): Record<string, string>
export declare function lintImports(root: string): string[]
