import { Card } from '../../components/ui/card';
import { useRouteTitle } from '../route-handle';

/** The protected screens that later work builds: an honest page inside the shell until then. */
export function ComingSoonRoute() {
  const title = useRouteTitle() ?? 'Student Portal';
  return (
    <Card title={title} size="wide">
      <p>This screen is not available yet.</p>
    </Card>
  );
}
