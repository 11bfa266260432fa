// Where zones are served by the embedded DNS server rather than production name servers, the console says
// so, and how to ask it.
import { useQuery } from '@tanstack/react-query';
import { appConfigQuery } from '@/services/app-config.queries';
import { Alert } from '@/ui/alert';

export function DnsServerNotice() {
  const config = useQuery(appConfigQuery()).data;
  if (config?.drivers.dns !== 'embedded') return null;
  const endpoint = config.dnsEndpoint;
  const [host, port] = endpoint ? [endpoint.replace(/:\d+$/, ''), endpoint.match(/:(\d+)$/)?.[1]] : [];
  return (
    <Alert tone="info">
      This server answers for your zones with its built-in DNS server
      {endpoint ? ` at ${endpoint}` : ''}, not with public name servers: what you change here is answered at
      once there{host && port ? ` (try dig @${host} -p ${port} <your domain>)` : ''}, but the rest of the
      internet only sees it once the name servers below are really yours.
    </Alert>
  );
}
