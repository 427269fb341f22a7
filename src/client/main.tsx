import '#client/lib/zod-config.ts'
import { startApp } from '#client/app/start-app.tsx'
import { bootData, keepServerSkeleton } from '#client/lib/boot-data.ts'
import { loadSession, signInFromPage } from '#client/lib/session.ts'
import '#client/styles.css'

// The app's entry, for every page but the prerendered public pages, which load the islands script
// instead (src/client/islands.ts, decision 066) and start the app from there once someone signs in.
const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

// A signed-in page's HTML names its user (decision 035); otherwise ask who is signed in while
// React renders the spinner.
if (!signInFromPage(bootData()?.user)) void loadSession()

// A signed-in page's painted top (decision 034) stays on screen while the app's code loads.
keepServerSkeleton(root)

startApp(root)
