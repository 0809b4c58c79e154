import { messages } from '@portal/shared/messages';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card';

export function NotFoundRoute() {
  return (
    <Card title="Page not found">
      <p>{messages.notFound}</p>
      <p>
        <Link to="/">Go to the home page</Link>
      </p>
    </Card>
  );
}
