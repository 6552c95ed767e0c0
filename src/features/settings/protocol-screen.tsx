/**
 * The user agreement or the privacy policy (SPEC §2 protocol page; whitelisted, so it opens logged
 * out and, once read, offline). The article is plain text: paragraphs split on blank lines and
 * rendered as text nodes, so nothing in it is ever interpreted as markup.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { type ArticleType, articleQueryOptions } from '../../api/misc';
import { LOGIN_PATH } from '../../session/guard';
import { useAppStore } from '../../session/store';
import { Page } from '../../ui/page';
import { Skeleton } from '../../ui/skeleton';
import { articleParagraphs } from './protocol-model';
import './protocol-screen.css';

export function ProtocolScreen({ type = 'agreement' }: { type?: Extract<ArticleType, 'agreement' | 'privacy'> }) {
  const { t, i18n } = useLingui();
  const signedIn = useAppStore((s) => Boolean(s.token));
  const article = useQuery({ ...articleQueryOptions(type), meta: { inlineErrors: true } });
  const title = type === 'privacy' ? t`Privacy policy` : t`User agreement`;
  const updated = article.data
    ? new Intl.DateTimeFormat(i18n.locale.replace('_', '-'), { dateStyle: 'long' }).format(new Date(article.data.updatedAt))
    : null;

  return (
    <Page title={title} backTo={signedIn ? '/pages/my/index' : LOGIN_PATH}>
      {article.data ? (
        <article className="card protocol" aria-labelledby="protocol-title">
          <h2 id="protocol-title" className="protocol__title">
            {article.data.title}
          </h2>
          {updated && (
            <p className="muted protocol__date">
              <Trans>Last updated {updated}</Trans>
            </p>
          )}
          {articleParagraphs(article.data.content).map((p) => (
            <p key={p.key}>{p.text}</p>
          ))}
        </article>
      ) : article.isError ? (
        <div className="card stack" role="alert">
          <p>
            <Trans>The text could not be loaded. Check your connection and try again.</Trans>
          </p>
          <button type="button" className="button button--secondary" onClick={() => void article.refetch()}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : (
        <div className="card stack" aria-busy="true">
          <span className="visually-hidden">{t`Loading…`}</span>
          <Skeleton width="70%" height={22} />
          <Skeleton width="40%" height={14} />
          {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
            <Skeleton key={k} height={54} />
          ))}
        </div>
      )}
    </Page>
  );
}
