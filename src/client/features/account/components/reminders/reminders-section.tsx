import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import type { ReminderSettings } from '#shared/api/reminders.ts'
import { Button } from '#client/components/ui/button.tsx'
import { Spinner } from '#client/components/ui/spinner.tsx'
import {
  deletePushSubscription,
  REMINDERS_QUERY_KEY,
  savePushSubscription,
  useReminderSettings,
  useSaveReminderSettings,
} from '#client/features/account/api/reminders.ts'
import { AccountSection } from '#client/features/account/components/account-section.tsx'
import { FormStatus } from '#client/features/account/components/form-status.tsx'
import { failureMessage } from '#client/features/account/hooks/use-account-form.ts'
import { LoadError } from '#client/components/load-error.tsx'

type Message = { tone: 'error' | 'success'; text: string } | null

/** This device's time zone, saved with the settings so a batch's ready day starts at the maker's midnight. */
const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

/**
 * Reminders (docs/product.md "Ready to test"; decision 038): opt-in, per channel. E-mail is a
 * checkbox; notifications are turned on for this device by a button press, which is the only place
 * the browser's permission is asked. Loaded on its own chunk with the account page.
 */
export function RemindersSection() {
  const settings = useReminderSettings()
  return (
    <AccountSection
      title="Reminders"
      description="A note when a blend, or a batch you marked as made, has rested for its maturation period and is ready to smell. Off until you turn it on."
    >
      {settings.isPending ? (
        <Spinner label="Loading your reminders" />
      ) : settings.isError ? (
        <LoadError message={failureMessage(settings.error)} error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <ReminderControls settings={settings.data} />
      )}
    </AccountSection>
  )
}

function ReminderControls({ settings }: { settings: ReminderSettings }) {
  const save = useSaveReminderSettings()
  const [message, setMessage] = useState<Message>(null)
  const emailId = useId()
  const timeZone = deviceTimeZone()

  const saveChannels = (next: { email: boolean; push: boolean }, success: string) => {
    setMessage(null)
    save.mutate(
      { ...next, timeZone },
      {
        onSuccess: () => setMessage({ tone: 'success', text: success }),
        onError: (err) => setMessage({ tone: 'error', text: failureMessage(err) }),
      },
    )
  }

  return (
    <div className="grid gap-5">
      <div className="flex items-start gap-3">
        <input
          id={emailId}
          type="checkbox"
          aria-describedby={`${emailId}-hint`}
          className="mt-1 size-4 shrink-0 accent-primary"
          checked={settings.email}
          disabled={save.isPending}
          onChange={(e) =>
            saveChannels(
              { email: e.target.checked, push: settings.push },
              e.target.checked ? 'E-mail reminders are on.' : 'E-mail reminders are off.',
            )
          }
        />
        <div>
          <label htmlFor={emailId} className="block font-medium text-foreground">
            E-mail me when a blend is ready to test
          </label>
          <p id={`${emailId}-hint`} className="text-sm text-muted-foreground">
            The e-mail links straight to the blend's test entry form.
          </p>
        </div>
      </div>
      <PushControls settings={settings} timeZone={timeZone} onMessage={setMessage} />
      <p className="text-sm text-muted-foreground">
        {`Ready days start at midnight in ${settings.timeZone === timeZone ? timeZone : `${timeZone} (saved with your next change; now ${settings.timeZone})`}.`}
      </p>
      <FormStatus message={message} />
    </div>
  )
}

type PushState = 'checking' | 'unsupported' | 'unavailable' | 'denied' | 'off' | 'on' | 'working'

/** Whether this browser can receive web push at all. */
const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration()
  return (await registration?.pushManager.getSubscription()) ?? null
}

function urlBase64ToBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes
}

function PushControls({
  settings,
  timeZone,
  onMessage,
}: {
  settings: ReminderSettings
  timeZone: string
  onMessage: (m: Message) => void
}) {
  const queryClient = useQueryClient()
  const save = useSaveReminderSettings()
  const [device, setState] = useState<PushState>('checking')
  const fixed: PushState | null = !settings.vapidPublicKey ? 'unavailable' : !pushSupported() ? 'unsupported' : null

  useEffect(() => {
    if (fixed) return
    let live = true
    void currentSubscription()
      .then((sub) => live && setState(sub && settings.push ? 'on' : 'off'))
      .catch(() => live && setState('off'))
    return () => {
      live = false
    }
  }, [fixed, settings.push])
  const state: PushState = fixed ?? (device !== 'working' && Notification.permission === 'denied' ? 'denied' : device)

  const turnOn = async () => {
    onMessage(null)
    setState('working')
    try {
      // Asked only here, from the button press.
      const permission = await Notification.requestPermission()
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'denied' : 'off')
        return
      }
      const registration = await navigator.serviceWorker.ready
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({
          userVisibleOnly: true,
          applicationServerKey: urlBase64ToBytes(settings.vapidPublicKey!),
        }))
      const json = subscription.toJSON()
      await savePushSubscription({
        endpoint: json.endpoint!,
        expirationTime: json.expirationTime ?? null,
        keys: { p256dh: json.keys!.p256dh!, auth: json.keys!.auth! },
      })
      await save.mutateAsync({ email: settings.email, push: true, timeZone })
      setState('on')
      onMessage({ tone: 'success', text: 'Notifications are on for this device.' })
    } catch (err) {
      setState('off')
      onMessage({ tone: 'error', text: failureMessage(err) })
    }
  }

  const turnOff = async () => {
    onMessage(null)
    setState('working')
    try {
      const subscription = await currentSubscription()
      if (subscription) {
        await deletePushSubscription(subscription.endpoint)
        await subscription.unsubscribe()
      }
      await queryClient.invalidateQueries({ queryKey: REMINDERS_QUERY_KEY })
      setState('off')
      onMessage({ tone: 'success', text: 'Notifications are off for this device.' })
    } catch (err) {
      setState('on')
      onMessage({ tone: 'error', text: failureMessage(err) })
    }
  }

  return (
    <div className="grid gap-2">
      <p className="font-medium text-foreground">Notifications on this device</p>
      {state === 'checking' ? (
        <Spinner label="Checking this device" />
      ) : state === 'unavailable' ? (
        <p className="text-sm text-muted-foreground">Notifications are not set up on this Accord server; e-mail reminders still work.</p>
      ) : state === 'unsupported' ? (
        <p className="text-sm text-muted-foreground">This browser cannot show notifications from Accord.</p>
      ) : state === 'denied' ? (
        <p className="text-sm text-muted-foreground">
          Notifications from Accord are blocked in this browser's settings. Allow them there, then come back here.
        </p>
      ) : state === 'on' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-muted-foreground">
            This device shows a notification when a blend is ready; tap it to add a test entry.
          </p>
          <Button variant="outline" size="sm" onClick={() => void turnOff()}>
            Turn off on this device
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="outline" size="sm" disabled={state === 'working'} onClick={() => void turnOn()}>
            {state === 'working' ? 'Working…' : 'Turn on notifications on this device'}
          </Button>
        </div>
      )}
      <p className="text-sm text-muted-foreground">
        On an iPhone or iPad, add Accord to your Home Screen first (Share, then Add to Home Screen) and turn notifications on from there.
      </p>
    </div>
  )
}
