/**
 * The withdrawal allowlist switch. It shows what the user asked for: off as soon as turning it off
 * was asked, with the time it really stops (a day later); switching it on again calls that back.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { setAllowlist } from '../../api/contacts';
import { queryKeys } from '../../api/query-keys';
import type { Allowlist } from '../../contract/contacts';
import { errorMessage } from '../../session/error-messages';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Switch } from '../../ui/switch';
import { showToast } from '../../ui/toast';
import { useDateTime } from '../../ui/use-date-time';

export function AllowlistSetting({ allowlist }: { allowlist: Allowlist }) {
  const { t } = useLingui();
  const switchId = useId();
  const hintId = useId();
  const queryClient = useQueryClient();
  const dateTime = useDateTime();
  const [confirmOff, setConfirmOff] = useState(false);
  const change = useMutation({
    mutationFn: (on: boolean) => setAllowlist(on),
    meta: { inlineErrors: true },
    onSuccess: async () => {
      setConfirmOff(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.contacts });
    },
    onError: (error) => void showToast(errorMessage(error), 'error'),
  });
  const wanted = allowlist.on && allowlist.offAt === null;
  const offAt = allowlist.offAt ? dateTime(allowlist.offAt) : null;

  return (
    <div className="card allowlist">
      <div className="allowlist__row">
        <label htmlFor={switchId} className="allowlist__label">
          <Trans>Withdrawal allowlist</Trans>
        </label>
        <Switch
          id={switchId}
          checked={wanted}
          aria-describedby={hintId}
          disabled={change.isPending}
          onCheckedChange={(on) => (on ? change.mutate(true) : setConfirmOff(true))}
        />
      </div>
      <p id={hintId} className="allowlist__hint">
        {offAt ? (
          <Trans>Turning off: withdrawals still go only to saved addresses until {offAt}.</Trans>
        ) : (
          <Trans>When on, withdrawals go only to addresses saved here at least a day earlier.</Trans>
        )}
      </p>
      <ConfirmDialog
        open={confirmOff}
        title={t`Turn the allowlist off?`}
        confirmLabel={t`Turn off in a day`}
        danger
        pending={change.isPending}
        onConfirm={() => change.mutate(false)}
        onClose={() => setConfirmOff(false)}
      >
        <p>
          <Trans>
            For your safety it stays on for one more day, and you get a notification. Until then you can switch it back on.
          </Trans>
        </p>
      </ConfirmDialog>
    </div>
  );
}
