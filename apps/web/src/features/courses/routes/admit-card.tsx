import type { Gender } from '@portal/shared/constants/student';
import { admitCardStateSchema, type AdmitCardState, type BatchConfig } from '@portal/shared/schemas/courses';
import { useEffect, useId, type ReactNode } from 'react';
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
  // Names of images for a screen reader follow the page's language; what the centre reads stays English.
  const pageLang = useLocale() === 'ur' ? 'ur' : undefined;
  const config = useAdmitCardConfig(card.batchId);
  const titleId = useId();
  const batchConfig = config.data ?? null;
  const instructions = instructionsFor(batchConfig, card.user.gender);

  return (
    <Card title={t('admitCard.pageTitle')} size="wide" className="admit-page">
      <BatchNotices loading={config.isPending} config={batchConfig} />

      {/* The card is printed for an exam centre: English, left to right, with the Urdu beside it. */}
      <AdmitCardSheet card={card} titleId={titleId} pageLang={pageLang} />

      <AdmitCardInstructions id={`${titleId}-instructions`} instructions={instructions} />

      <div className="admit-page__actions">
        <Link to="/courses" className="button button--secondary">
          {t('admitCard.back')}
        </Link>
        <Button onClick={() => window.print()}>{t('admitCard.print')}</Button>
      </div>
    </Card>
  );
}

/** The batch's config (message, announcements group, instructions) for the page around the card. */
function useAdmitCardConfig(batchId: string) {
  const config = useBatchConfig(batchId);

  useEffect(() => {
    // The card prints without the batch's message and instructions: a failure is only logged (spec section 8).
    if (config.isError) console.warn('The admit card could not load the batch config', config.error);
  }, [config.isError, config.error]);

  return config;
}

/** Above the card: the batch's message from staff and its announcements group, once they are loaded. */
function BatchNotices({ loading, config }: { loading: boolean; config: BatchConfig | null }) {
  const t = useT();
  const group = config ? announcementsGroup(config) : null;

  return (
    <>
      {loading ? <Spinner label={t('admitCard.loading')} className="admit-page__loading" /> : null}
      {config?.admitCardMessage ? (
        <div
          className="admit-page__message"
          // Staff write it (usually in English): its own direction, also on an Urdu page.
          dir="auto"
          // Staff HTML, sanitised by the server with an allow-list (formatting and links only).
          dangerouslySetInnerHTML={{ __html: config.admitCardMessage }}
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
    </>
  );
}

interface AdmitCardSheetProps {
  card: AdmitCardState;
  titleId: string;
  /** The language of the names read out for images, when it is not the card's. */
  pageLang: 'ur' | undefined;
}

/** The printable card itself: title, photo, details, barcode and signature lines. */
function AdmitCardSheet({ card, titleId, pageLang }: AdmitCardSheetProps) {
  const t = useT();
  const { user } = card;

  return (
    <article className="admit-card" aria-labelledby={titleId} lang="en" dir="ltr">
      <AdmitCardHeader titleId={titleId} />
      <div className="admit-card__body">
        <AdmitCardPhoto imageUrl={user.imageUrl} fullName={user.fullName} pageLang={pageLang} />
        <AdmitCardDetails card={card} />
      </div>
      {typeof user.rollNo === 'string' ? (
        <Barcode
          value={user.rollNo}
          label={t('admitCard.barcode', { rollNo: user.rollNo })}
          labelLang={pageLang}
        />
      ) : null}
      <AdmitCardSignatures />
    </article>
  );
}

function AdmitCardHeader({ titleId }: { titleId: string }) {
  const text = useCardText();
  return (
    <header className="admit-card__header">
      <p className="admit-card__programme">
        <Bilingual {...text('admitCard.card.programme')} />
      </p>
      <h2 id={titleId} className="admit-card__title">
        <Bilingual {...text('admitCard.card.title')} stacked />
      </h2>
    </header>
  );
}

interface AdmitCardPhotoProps {
  imageUrl: string | null;
  fullName: string | null;
  pageLang: 'ur' | undefined;
}

/** The student's photo, or a box that says there is none. */
function AdmitCardPhoto({ imageUrl, fullName, pageLang }: AdmitCardPhotoProps) {
  const t = useT();
  const text = useCardText();
  if (!imageUrl) {
    return (
      <div className="admit-card__photo admit-card__photo--empty">
        <Bilingual {...text('admitCard.card.noPhoto')} stacked />
      </div>
    );
  }
  return (
    <img
      className="admit-card__photo"
      src={imageUrl}
      width={160}
      height={160}
      lang={pageLang}
      alt={fullName ? t('admitCard.photoAlt', { name: fullName }) : t('admitCard.photoAltUnnamed')}
    />
  );
}

/** Roll number, name, city, batch and platform. */
function AdmitCardDetails({ card }: { card: AdmitCardState }) {
  const text = useCardText();
  const { user } = card;
  return (
    <dl className="admit-card__details">
      <CardDetail label={text('admitCard.card.rollNumber')}>{user.rollNo ?? '—'}</CardDetail>
      <CardDetail label={text('admitCard.card.fullName')}>{user.fullName ?? '—'}</CardDetail>
      <CardDetail label={text('admitCard.card.city')}>{card.city}</CardDetail>
      <CardDetail label={text('admitCard.card.batch')}>{card.batchName}</CardDetail>
      <CardDetail label={text('admitCard.card.platform')}>
        <Bilingual {...text(card.distanceLearning ? 'admitCard.card.online' : 'admitCard.card.onsite')} />
      </CardDetail>
    </dl>
  );
}

/** One line of the card's details: its bilingual name and its value. */
function CardDetail({ label, children }: { label: BilingualText; children: ReactNode }) {
  return (
    <div>
      <dt>
        <Bilingual {...label} />
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The lines the student and the invigilator sign on. */
function AdmitCardSignatures() {
  const text = useCardText();
  return (
    <div className="admit-card__signatures">
      <p className="admit-card__signature">
        <Bilingual {...text('admitCard.card.studentSignature')} stacked />
      </p>
      <p className="admit-card__signature">
        <Bilingual {...text('admitCard.card.invigilatorSignature')} stacked />
      </p>
    </div>
  );
}

/** The batch's instructions for the student's gender, under the card; nothing when there are none. */
function AdmitCardInstructions({ id, instructions }: { id: string; instructions: string[] }) {
  const t = useT();
  if (instructions.length === 0) return null;
  return (
    <section className="admit-page__instructions" aria-labelledby={id}>
      <h2 id={id} className="admit-page__instructions-title">
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
  );
}

/** A text of the card in English and, on an Urdu page, in Urdu (undefined in English). */
interface BilingualText {
  en: string;
  ur: string | undefined;
}

/**
 * A text of the card: its English, and the Urdu after a slash (`stacked`: on a line of its own, for titles
 * and the signature lines) when the page is in Urdu. In English it is the English alone, as before.
 */
function Bilingual({ en, ur, stacked = false }: BilingualText & { stacked?: boolean }) {
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
