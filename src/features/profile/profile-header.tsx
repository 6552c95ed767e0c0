/** Top of the My tab: avatar initial, nickname, ID with copy, bio and the social links. */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { MemberInfo } from '../../contract/member';
import { CopyButton } from '../../ui/copy-button';
import { ChevronIcon } from '../../ui/icons';
import { Skeleton } from '../../ui/skeleton';
import { SOCIAL_KINDS, type SocialKind, socialUrl } from './social';

export function ProfileHeader({ user }: { user: MemberInfo | null | undefined }) {
  const { t } = useLingui();
  if (!user) {
    return (
      <div className="card profile-header" aria-busy="true">
        <Skeleton width={56} height={56} radius={28} />
        <div className="stack profile-header__text">
          <Skeleton width="50%" height={20} />
          <Skeleton width="70%" height={14} />
          <Skeleton width="90%" height={14} />
        </div>
      </div>
    );
  }
  const socialNames: Record<SocialKind, string> = { line: 'Line', instagram: 'Instagram', telegram: 'Telegram', x: 'X' };
  const socials = SOCIAL_KINDS.map((kind) => ({ kind, href: socialUrl(kind, user.socials[kind]) })).filter(
    (s): s is { kind: SocialKind; href: string } => s.href !== null,
  );
  const name = user.nickname || user.account;
  return (
    <div className="card stack">
      <div className="profile-header">
        <span className="profile-header__avatar" aria-hidden="true">
          {name.slice(0, 1).toUpperCase()}
        </span>
        <div className="profile-header__text">
          <p className="profile-header__name">{name}</p>
          <p className="profile-header__id muted">
            <Trans>
              ID: <bdi className="mono">{user.id}</bdi>
            </Trans>
            <CopyButton text={user.id} label={t`Copy ID`} />
          </p>
        </div>
        <Link to="/pages/my/info" className="icon-button" aria-label={t`Account info`}>
          <ChevronIcon className="flip-rtl" />
        </Link>
      </div>
      <p className="profile-header__bio">{user.bio || <span className="muted">{t`No bio yet`}</span>}</p>
      {socials.length > 0 && (
        <ul className="profile-socials" aria-label={t`Social links`}>
          {socials.map(({ kind, href }) => (
            <li key={kind}>
              <a className="profile-socials__link" href={href} target="_blank" rel="noopener noreferrer">
                {socialNames[kind]}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
