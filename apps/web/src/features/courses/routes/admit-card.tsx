import type { Gender } from '@portal/shared/constants/student';
import { admitCardStateSchema, type AdmitCardState, type BatchConfig } from '@portal/shared/schemas/courses';
import { useEffect, useId } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useBatchConfig } from '@/features/courses/api/batch-config';
import { useLocale } from '@/lib/i18n';
import { Barcode } from '@/features/courses/components/barcode';
import { useCardText, useT } from '@/features/courses/i18n';
import '@/features/courses/components/admit-card.css';

/** /admitcard: the printable admit card of a registration, opened from /courses with its state (spec section 2). */
export function AdmitCardRoute() {
  const location = useLocation();
  const state = admitCardStateSchema.safeParse(location.state);
  if (!state.success) return <Navigate to="/courses" replace />;
  return <AdmitCard card={state.data} />;
}

function AdmitCard({ card }: { card: AdmitCardState }) {
  const t = useT();
  const text = useCardText();
  // Names of images for a screen reader follow the page's language; what the centre reads stays English.
  const pageLang = useLocale() === 'ur' ? 'ur' : undefined;
  const config = useBatchConfig(card.batchId);
  const { user } = card;
  const titleId = useId();

  useEffect(() => {
    // The card prints without the batch's message and instructions: a failure is only logged (spec section 8).
    if (config.isError) console.warn('The admit card could not load the batch config', config.error);
  }, [config.isError, config.error]);

  const batchConfig = config.data ?? null;
  const instructions = instructionsFor(batchConfig, user.gender);
  const group = batchConfig ? announcementsGroup(batchConfig) : null;

  return (
    <Card title={t('admitCard.pageTitle')} size="wide" className="admit-page">
      {config.isPending ? <Spinner label={t('admitCard.loading')} className="admit-page__loading" /> : null}
      {batchConfig?.admitCardMessage ? (
        <div
          className="admit-page__message"
          // Staff write it (usually in English): its own direction, also on an Urdu page.
          dir="auto"
          // Staff HTML, sanitised by the server with an allow-list (formatting and links only).
          dangerouslySetInnerHTML={{ __html: batchConfig.admitCardMessage }}
        />
      ) : null}
      {group ? (
        <p className="admit-page__group">
          {t('admitCard.announcements')}{' '}
          <a href={group.href} target="_blank" rel="noopener noreferrer" dir="auto">
            {group.name}
          </a>
        </p>
      ) : null}

      {/* The card is printed for an exam centre: English, left to right, with the Urdu beside it. */}
      <article className="admit-card" aria-labelledby={titleId} lang="en" dir="ltr">
        <header className="admit-card__header">
          <p className="admit-card__programme">
            <Bilingual {...text('admitCard.card.programme')} />
          </p>
          <h2 id={titleId} className="admit-card__title">
            <Bilingual {...text('admitCard.card.title')} stacked />
          </h2>
        </header>
        <div className="admit-card__body">
          {user.imageUrl ? (
            <img
              className="admit-card__photo"
              src={user.imageUrl}
              width={160}
              height={160}
              lang={pageLang}
              alt={
                user.fullName
                  ? t('admitCard.photoAlt', { name: user.fullName })
                  : t('admitCard.photoAltUnnamed')
              }
            />
          ) : (
            <div className="admit-card__photo admit-card__photo--empty">
              <Bilingual {...text('admitCard.card.noPhoto')} stacked />
            </div>
          )}
          <dl className="admit-card__details">
            <div>
              <dt>
                <Bilingual {...text('admitCard.card.rollNumber')} />
              </dt>
              <dd>{user.rollNo ?? '—'}</dd>
            </div>
            <div>
              <dt>
                <Bilingual {...text('admitCard.card.fullName')} />
              </dt>
              <dd>{user.fullName ?? '—'}</dd>
            </div>
            <div>
              <dt>
                <Bilingual {...text('admitCard.card.city')} />
              </dt>
              <dd>{card.city}</dd>
            </div>
            <div>
              <dt>
                <Bilingual {...text('admitCard.card.batch')} />
              </dt>
              <dd>{card.batchName}</dd>
            </div>
            <div>
              <dt>
                <Bilingual {...text('admitCard.card.platform')} />
              </dt>
              <dd>
                <Bilingual
                  {...text(card.distanceLearning ? 'admitCard.card.online' : 'admitCard.card.onsite')}
                />
              </dd>
            </div>
          </dl>
        </div>
        {typeof user.rollNo === 'string' ? (
          <Barcode
            value={user.rollNo}
            label={t('admitCard.barcode', { rollNo: user.rollNo })}
            labelLang={pageLang}
          />
        ) : null}
        <div className="admit-card__signatures">
          <p className="admit-card__signature">
            <Bilingual {...text('admitCard.card.studentSignature')} stacked />
          </p>
          <p className="admit-card__signature">
            <Bilingual {...text('admitCard.card.invigilatorSignature')} stacked />
          </p>
        </div>
      </article>

      {instructions.length > 0 ? (
        <section className="admit-page__instructions" aria-labelledby={`${titleId}-instructions`}>
          <h2 id={`${titleId}-instructions`} className="admit-page__instructions-title">
            {t('admitCard.instructions')}
          </h2>
          <ol>
            {instructions.map((instruction, index) => (
              <li key={index} dir="auto">
                {instruction}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <div className="admit-page__actions">
        <Link to="/courses" className="button button--secondary">
          {t('admitCard.back')}
        </Link>
        <Button onClick={() => window.print()}>{t('admitCard.print')}</Button>
      </div>
    </Card>
  );
}

/**
 * A text of the card: its English, and the Urdu after a slash (`stacked`: on a line of its own, for titles
 * and the signature lines) when the page is in Urdu. In English it is the English alone, as before.
 */
function Bilingual({ en, ur, stacked = false }: { en: string; ur: string | undefined; stacked?: boolean }) {
  if (!ur) return en;
  return (
    <>
      {en}
      {stacked ? <br /> : ' / '}
      <span lang="ur" dir="rtl">
        {ur}
      </span>
    </>
  );
}

function instructionsFor(config: BatchConfig | null, gender: Gender | null): string[] {
  if (!config || !gender) return [];
  return gender === 'female' ? config.instructionsForFemale : config.instructionsForMale;
}

/** The announcements group link, when it is a web address (never a script URL from data). */
function announcementsGroup(config: BatchConfig): { href: string; name: string } | null {
  const { androidLink, groupName } = config.telegramLinks;
  try {
    const url = new URL(androidLink);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return { href: url.href, name: groupName || url.href };
  } catch {
    return null;
  }
}
