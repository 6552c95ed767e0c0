/** The My tab: profile, messages (with unread count), wallets, settings, security, about, log out. */
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { unreadCountQueryOptions } from '../../api/notify';
import { useMemberInfo } from '../../session/member-info';
import { signOut } from '../../session/session';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { MenuButton, MenuLink, MenuList } from '../../ui/menu-list';
import { Page } from '../../ui/page';
import { PopupMessage } from './popup-message';
import { ProfileHeader } from './profile-header';
import './profile.css';

export function MyScreen() {
  const { t, i18n } = useLingui();
  const user = useMemberInfo();
  const { data: unread } = useQuery(unreadCountQueryOptions());
  const [confirmLogout, setConfirmLogout] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const count = unread ? new Intl.NumberFormat(i18n.locale.replace('_', '-')).format(Math.min(unread, 99)) : null;

  return (
    <Page title={t`My`} tab>
      <ProfileHeader user={user} />
      <MenuList>
        <MenuLink
          to="/pages/my/message"
          label={t`Messages`}
          value={
            count ? (
              <span
                className="badge"
                role="img"
                aria-label={plural(unread ?? 0, { one: '# unread message', other: '# unread messages' })}
              >
                {unread && unread > 99 ? `${count}+` : count}
              </span>
            ) : undefined
          }
        />
        <MenuLink to="/pages/my/wallet" label={t`Wallet management`} />
        <MenuLink to="/pages/my/address-book" label={t`Address book`} />
        <MenuLink to="/pages/my/setting" label={t`Settings`} />
      </MenuList>
      <MenuList label={t`Security`}>
        <MenuLink
          to="/pages/my/password-trade-setting"
          label={t`Trade password`}
          value={user?.tradePasswordSet ? t`Set` : t`Not set`}
        />
        <MenuLink to="/pages/my/password-login-edit" label={t`Login password`} />
        <MenuLink to="/pages/my/google-code/index" label={t`Authenticator`} value={user?.googleBound ? t`Bound` : t`Not bound`} />
        <MenuLink to="/pages/my/passkeys" label={t`Passkeys`} />
        <MenuLink to="/pages/my/devices" label={t`Devices`} />
      </MenuList>
      <MenuList label={t`About`}>
        <MenuLink to="/pages/my/protocol" search={{ type: 'agreement' }} label={t`User agreement`} />
        <MenuLink to="/pages/my/about" label={t`About us`} />
      </MenuList>
      <MenuList>
        <MenuButton label={t`Log out`} danger onClick={() => setConfirmLogout(true)} />
      </MenuList>
      <ConfirmDialog
        open={confirmLogout}
        title={t`Log out?`}
        confirmLabel={t`Log out`}
        danger
        pending={leaving}
        onClose={() => setConfirmLogout(false)}
        onConfirm={async () => {
          setLeaving(true);
          try {
            await signOut();
          } finally {
            setLeaving(false);
            setConfirmLogout(false);
          }
        }}
      >
        <p>
          <Trans>You will need your password to log in again.</Trans>
        </p>
      </ConfirmDialog>
      <PopupMessage />
    </Page>
  );
}
