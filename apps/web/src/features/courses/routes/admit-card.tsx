import type { Gender } from '@portal/shared/constants/student';
import { admitCardStateSchema, type AdmitCardState, type BatchConfig } from '@portal/shared/schemas/courses';
import { useEffect, useId } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { useBatchConfig } from '../api/batch-config';
import { Barcode } from '../components/barcode';
import '../components/admit-card.css';

/** /admitcard: the printable admit card of a registration, opened from /courses with its state (spec section 2). */
export function AdmitCardRoute() {
  const location = useLocation();
  const state = admitCardStateSchema.safeParse(location.state);
  if (!state.success) return <Navigate to="/courses" replace />;
  return <AdmitCard card={state.data} />;
}

function AdmitCard({ card }: { card: AdmitCardState }) {
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
    <Card title="Admit Card" size="wide" className="admit-page">
      {config.isPending ? (
        <Spinner label="Loading the batch's instructions" className="admit-page__loading" />
      ) : null}
      {batchConfig?.admitCardMessage ? (
        <div
          className="admit-page__message"
          // Staff HTML, sanitised by the server with an allow-list (formatting and links only).
          dangerouslySetInnerHTML={{ __html: batchConfig.admitCardMessage }}
        />
      ) : null}
      {group ? (
        <p className="admit-page__group">
          Official announcements:{' '}
          <a href={group.href} target="_blank" rel="noopener noreferrer">
            {group.name}
          </a>
        </p>
      ) : null}

      <article className="admit-card" aria-labelledby={titleId}>
        <header className="admit-card__header">
          <p className="admit-card__programme">Student Portal</p>
          <h2 id={titleId} className="admit-card__title">
            Entry test admit card
          </h2>
        </header>
        <div className="admit-card__body">
          {user.imageUrl ? (
            <img
              className="admit-card__photo"
              src={user.imageUrl}
              width={160}
              height={160}
              alt={`Photo of ${user.fullName ?? 'the student'}`}
            />
          ) : (
            <div className="admit-card__photo admit-card__photo--empty">No photo</div>
          )}
          <dl className="admit-card__details">
            <div>
              <dt>Roll number</dt>
              <dd>{user.rollNo ?? '—'}</dd>
            </div>
            <div>
              <dt>Full name</dt>
              <dd>{user.fullName ?? '—'}</dd>
            </div>
            <div>
              <dt>City</dt>
              <dd>{card.city}</dd>
            </div>
            <div>
              <dt>Batch</dt>
              <dd>{card.batchName}</dd>
            </div>
            <div>
              <dt>Study platform</dt>
              <dd>{card.distanceLearning ? 'Online (distance learning)' : 'Onsite'}</dd>
            </div>
          </dl>
        </div>
        {typeof user.rollNo === 'string' ? (
          <Barcode value={user.rollNo} label={`Barcode of roll number ${user.rollNo}`} />
        ) : null}
        <div className="admit-card__signatures">
          <p className="admit-card__signature">Student&rsquo;s signature</p>
          <p className="admit-card__signature">Invigilator&rsquo;s signature</p>
        </div>
      </article>

      {instructions.length > 0 ? (
        <section className="admit-page__instructions" aria-labelledby={`${titleId}-instructions`}>
          <h2 id={`${titleId}-instructions`} className="admit-page__instructions-title">
            Instructions
          </h2>
          <ol>
            {instructions.map((instruction, index) => (
              <li key={index}>{instruction}</li>
            ))}
          </ol>
        </section>
      ) : null}

      <div className="admit-page__actions">
        <Link to="/courses" className="button button--secondary">
          Back to courses
        </Link>
        <Button onClick={() => window.print()}>Print</Button>
      </div>
    </Card>
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
