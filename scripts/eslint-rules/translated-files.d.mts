export declare const TRANSLATED_FILES: string[]
export declare const UNTRANSLATED_NAMES: string[]
