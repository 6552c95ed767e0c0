/**
 * The popup message (/notify/popup): the newest unread announcement flagged as a popup, shown once
 * per launch on the My tab (one popup a launch, however many are unread). Dismissing it reads it (the detail call marks it read), so it does not
 * come back next launch either.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { getMessage, popupMessageQueryOptions } from '../../api/notify';
import { queryKeys } from '../../api/query-keys';
import { contentLangProps } from '../../lib/i18n/content-lang';
import { Dialog } from '../../ui/dialog';

/** At most one popup per launch (module state: reset by a reload, kept across tab switches). */
let shownThisLaunch = false;

export function PopupMessage() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: message } = useQuery({ ...popupMessageQueryOptions(), staleTime: 0 });
  const [openId, setOpenId] = useState<string | null>(null);

  useEffect(() => {
    if (message && !shownThisLaunch) {
      shownThisLaunch = true;
      setOpenId(message.id);
    }
  }, [message]);
  const open = Boolean(message && openId === message.id);

  /** Every way of closing (button, Escape, backdrop, navigation) reads the message once. */
  const close = () => {
    if (!message || openId !== message.id) return;
    setOpenId(null);
    void getMessage(message.id)
      .catch(() => undefined)
      .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.notify.all }));
  };

  return (
    <Dialog open={open} onClose={close} title={message?.title ?? t`Message`} variant="center">
      {message && (
        <div className="stack">
          <p className="popup-message__content" {...contentLangProps(message.lang)}>
            {message.content}
          </p>
          <div className="row">
            <button
              type="button"
              className="button button--secondary spacer"
              onClick={() => {
                setOpenId(null);
                void navigate({ to: '/pages/my/message-detail', search: { id: message.id } });
              }}
            >
              <Trans>View details</Trans>
            </button>
            <button type="button" className="button spacer" onClick={close}>
              <Trans>Got it</Trans>
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
