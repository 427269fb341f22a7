import '#client/lib/zod-config.ts'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { Providers } from '#client/app/providers.tsx'
import { AppRouter } from '#client/app/router.tsx'
import { loadSession } from '#client/lib/session.ts'
import '#client/styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// Ask who is signed in while React renders the spinner.
void loadSession()

createRoot(root).render(
  <StrictMode>
    <Providers>
      <AppRouter />
    </Providers>
  </StrictMode>,
)
