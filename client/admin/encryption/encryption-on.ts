// Settings › Encryption while it is on: which key, whether a passphrase-locked copy is kept, what is off, Unlock,
// "Download the locked key" and "Turn off encryption" (asks first: new answers come in the clear again, the
// answers already received stay encrypted, and the locked copy goes with the setting).
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { html } from '../../renderer/html.ts';
import { Badge } from '../common/badge.ts';
import { Confirm } from '../common/dialog.ts';
import { ErrorList } from '../common/error-list.ts';
import { Section } from '../common/section.ts';
import { trpc } from '../trpc.ts';
import type { Settings } from '../types.ts';
import { useAction } from '../use-action.ts';
import { saveLockedKey } from './key-files.ts';
import { OffList } from './off-notes.ts';
import { UnlockPanel } from './unlock-panel.ts';

const offWords =
  'New answers will be sent and stored unencrypted again, and the features above come back. Answers already ' +
  'received stay encrypted: keep your key file to read them.';
const lockedCopyGoes = ' The passphrase-locked copy kept here is removed: download it first if you have no key file.';

/** The part for a form whose `setting` is on. */
export function EncryptionOn({
  formId,
  setting,
  canEdit,
  onSaved,
  focusStatus = false,
}: {
  formId: string;
  setting: NonNullable<Settings['encryption']>;
  canEdit: boolean;
  onSaved: () => void;
  /** Encryption was just turned on here: the keyboard goes to the line saying so (the button that did it went). */
  focusStatus?: boolean;
}) {
  const status = useRef<HTMLParagraphElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: on mount only
  useLayoutEffect(() => {
    if (focusStatus) status.current?.focus();
  }, []);
  const [confirmOff, setConfirmOff] = useState(false);
  const turnOff = useAction(() => trpc.settings.update.mutate({ formId, patch: { encryption: null } }));
  const wrapped = setting.wrapped_private_key;
  const off = async () => {
    if (await turnOff.run()) {
      setConfirmOff(false);
      onSaved();
    }
  };
  return html`<${Section} title="Encryption">
    <p ref=${status} tabindex="-1" role="status"><${Badge} tone="ok">On<//> Answers to this form are encrypted in
      the respondent’s browser with key${' '}<span class="mono">${setting.key_id}</span>.</p>
    <p>${
      wrapped
        ? 'A copy of the private key is kept with the form, locked by your passphrase: only someone who knows ' +
          'it can open the answers.'
        : 'No copy of the private key is kept here: only your key file opens the answers.'
    }</p>
    <p><strong>Off for this form while encryption is on:</strong></p>
    <${OffList} />
    <${UnlockPanel} keyIds=${[setting.key_id]} wrapped=${wrapped} />
    <div class="row">
      ${
        wrapped &&
        html`<button type="button" class="secondary"
          onClick=${() => saveLockedKey(formId, setting.key_id, wrapped)}>Download the locked key</button>`
      }
      ${
        canEdit &&
        html`<button type="button" class="secondary danger" onClick=${() => setConfirmOff(true)}>
          Turn off encryption</button>`
      }
    </div>
    ${
      confirmOff &&
      html`<${Confirm} title="Turn off encryption?" confirm="Turn off encryption" busy=${turnOff.busy}
        onConfirm=${off} onClose=${() => setConfirmOff(false)} message=${offWords + (wrapped ? lockedCopyGoes : '')}>
        <${ErrorList} error=${turnOff.error} />
      <//>`
    }
  <//>`;
}
