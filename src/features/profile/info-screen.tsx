/** Account info: the member's identity, invitation code and security state, read-only. */
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemberInfo } from '../../session/member-info';
import { CopyButton } from '../../ui/copy-button';
import { Page } from '../../ui/page';
import { SkeletonRows } from '../../ui/skeleton';
import './profile.css';

export function InfoScreen() {
  const { t, i18n } = useLingui();
  const user = useMemberInfo();
  const locale = i18n.locale.replace('_', '-');
  return (
    <Page title={t`Account info`} backTo="/pages/my/index">
      {!user ? (
        <SkeletonRows rows={6} height={28} />
      ) : (
        <div className="card">
          <dl className="info-list">
            <dt>
              <Trans>Nickname</Trans>
            </dt>
            <dd>{user.nickname || '—'}</dd>
            <dt>
              <Trans>ID</Trans>
            </dt>
            <dd>
              <bdi>{user.id}</bdi> <CopyButton text={user.id} label={t`Copy ID`} />
            </dd>
            <dt>{user.accountType === 'phone' ? <Trans>Phone</Trans> : <Trans>E-mail</Trans>}</dt>
            <dd>
              <bdi dir="ltr">{user.account}</bdi>
            </dd>
            <dt>
              <Trans>Invitation code</Trans>
            </dt>
            <dd>
              <bdi>{user.inviteCode}</bdi> <CopyButton text={user.inviteCode} label={t`Copy invitation code`} />
            </dd>
            <dt>
              <Trans>Account</Trans>
            </dt>
            <dd>{user.activated ? t`Activated` : t`Not activated`}</dd>
            <dt>
              <Trans>Trade password</Trans>
            </dt>
            <dd>{user.tradePasswordSet ? t`Set` : t`Not set`}</dd>
            <dt>
              <Trans>Authenticator</Trans>
            </dt>
            <dd>{user.googleBound ? t`Bound` : t`Not bound`}</dd>
            <dt>
              <Trans>Member since</Trans>
            </dt>
            <dd>{new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(new Date(user.createdAt))}</dd>
          </dl>
          {user.bio && <p className="profile-header__bio">{user.bio}</p>}
        </div>
      )}
    </Page>
  );
}
