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
import { useMessages } from '#client/lib/i18n.ts'

type Message = { tone: 'error' | 'success'; text: string } | null

/** This device's time zone, saved with the settings so a batch's ready day starts at the maker's midnight. */
const deviceTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'

/**
 * Reminders (docs/product.md "Ready to test"; decision 038): opt-in, per channel. E-mail is a
 * checkbox; notifications are turned on for this device by a button press, which is the only place
 * the browser's permission is asked. Loaded on its own chunk with the account page.
 */
export function RemindersSection() {
  const t = useMessages()
  const settings = useReminderSettings()
  return (
    <AccountSection title={t('account.reminders.title')} description={t('account.reminders.description')}>
      {settings.isPending ? (
        <Spinner label={t('account.reminders.loading')} />
      ) : settings.isError ? (
        <LoadError message={failureMessage(t, settings.error)} error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <ReminderControls settings={settings.data} />
      )}
    </AccountSection>
  )
}

function ReminderControls({ settings }: { settings: ReminderSettings }) {
  const t = useMessages()
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
        onError: (err) => setMessage({ tone: 'error', text: failureMessage(t, err) }),
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
              e.target.checked ? t('account.reminders.emailOn') : t('account.reminders.emailOff'),
            )
          }
        />
        <div>
          <label htmlFor={emailId} className="block font-medium text-foreground">
            {t('account.reminders.email')}
          </label>
          <p id={`${emailId}-hint`} className="text-sm text-muted-foreground">
            {t('account.reminders.emailHint')}
          </p>
        </div>
      </div>
      <PushControls settings={settings} timeZone={timeZone} onMessage={setMessage} />
      <p className="text-sm text-muted-foreground">
        {settings.timeZone === timeZone
          ? t('account.reminders.timeZone', { zone: timeZone })
          : t('account.reminders.timeZoneUnsaved', { zone: timeZone, saved: settings.timeZone })}
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
  const t = useMessages()
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
      onMessage({ tone: 'success', text: t('account.reminders.pushOn') })
    } catch (err) {
      setState('off')
      onMessage({ tone: 'error', text: failureMessage(t, err) })
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
      onMessage({ tone: 'success', text: t('account.reminders.pushOff') })
    } catch (err) {
      setState('on')
      onMessage({ tone: 'error', text: failureMessage(t, err) })
    }
  }

  return (
    <div className="grid gap-2">
      <p className="font-medium text-foreground">{t('account.reminders.device')}</p>
      {state === 'checking' ? (
        <Spinner label={t('account.reminders.checking')} />
      ) : state === 'unavailable' ? (
        <p className="text-sm text-muted-foreground">{t('account.reminders.unavailable')}</p>
      ) : state === 'unsupported' ? (
        <p className="text-sm text-muted-foreground">{t('account.reminders.unsupported')}</p>
      ) : state === 'denied' ? (
        <p className="text-sm text-muted-foreground">{t('account.reminders.denied')}</p>
      ) : state === 'on' ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-muted-foreground">{t('account.reminders.pushOnHint')}</p>
          <Button variant="outline" size="sm" onClick={() => void turnOff()}>
            {t('account.reminders.turnOff')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="outline" size="sm" disabled={state === 'working'} onClick={() => void turnOn()}>
            {state === 'working' ? t('account.reminders.working') : t('account.reminders.turnOn')}
          </Button>
        </div>
      )}
      <p className="text-sm text-muted-foreground">{t('account.reminders.ios')}</p>
    </div>
  )
}
