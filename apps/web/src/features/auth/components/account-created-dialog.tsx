import { messages } from '@portal/shared/messages';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useSettings } from '../../../lib/settings';

/** Sign-up success. Only its own button leaves it: a stray click or Escape must not hide the next step. */
export function AccountCreatedDialog() {
  const { data: settings } = useSettings();
  const navigate = useNavigate();

  return (
    <Dialog title={messages.signupSuccess} dismissible={false}>
      <p>
        We have sent a verification link to your e-mail address. Open it to verify your e-mail, then sign in.
      </p>
      {settings ? (
        <p>
          Need help? Write to <a href={`mailto:${settings.supportEmail}`}>{settings.supportEmail}</a>
        </p>
      ) : null}
      <Button block data-autofocus onClick={() => void navigate('/')}>
        Go to Sign in
      </Button>
    </Dialog>
  );
}
