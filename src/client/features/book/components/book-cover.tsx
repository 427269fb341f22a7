import { BOOK, BOOK_FACTS } from '#shared/config/book.ts'

/** The book's cover, drawn in CSS (no image to load or to break); the author's name only when configured. */
export function BookCover({ author = BOOK_FACTS.author }: { author?: string | undefined }) {
  return (
    <div
      aria-hidden="true"
      className="relative mx-auto aspect-[2/3] w-56 rotate-[-3deg] overflow-hidden rounded-r-xl rounded-l-sm bg-brand shadow-[0_30px_60px_-20px_rgb(31_77_58/0.55)] sm:w-64"
    >
      <div className="absolute inset-y-0 left-0 w-3 bg-black/20" />
      <div className="absolute inset-0 bg-[radial-gradient(18rem_14rem_at_70%_20%,rgb(255_255_255/0.16),transparent_70%)]" />
      <div className="relative flex h-full flex-col justify-between p-6 pl-8 text-brand-foreground">
        <div className="flex gap-1.5">
          <span className="size-3 rounded-full bg-[var(--color-family-citrus)]" />
          <span className="size-3 rounded-full bg-[var(--color-family-floral)]" />
          <span className="size-3 rounded-full bg-[var(--color-family-woody)]" />
        </div>
        <div>
          <p className="font-display text-3xl leading-tight font-semibold">{BOOK.title}</p>
          <div className="mt-4 h-px w-16 bg-brand-foreground/50" />
          {author ? <p className="mt-4 text-sm tracking-wide uppercase opacity-85">{author}</p> : null}
        </div>
      </div>
    </div>
  )
}
