import { useEffect, useState } from 'react';

interface LoggedRequest {
  method: string;
  url: string;
  status: number;
}

const SHOWN = 8;

/** The server's request log (GET /__log, read with plain fetch, not logged itself). */
export function RequestLog() {
  const [log, setLog] = useState<LoggedRequest[]>([]);
  const [offline, setOffline] = useState(false);

  useEffect(() => {
    let live = true;
    const read = () =>
      fetch('/__log')
        .then((response) => response.json() as Promise<LoggedRequest[]>)
        .then((entries) => {
          if (!live) return;
          setLog(entries);
          setOffline(false);
        })
        // the server is down: say so, and keep asking (the log comes back with it)
        .catch(() => live && setOffline(true));
    void read();
    const timer = setInterval(read, 1000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);

  return (
    <section className="panel log" aria-label="Requests">
      <h2>Requests the server saw ({log.length})</h2>
      {offline ? (
        <p className="offline" role="status" data-testid="log-offline">
          The server cannot be reached: the log resumes when it is back.
        </p>
      ) : null}
      <ol start={Math.max(1, log.length - SHOWN + 1)} data-testid="request-log">
        {log.slice(-SHOWN).map((entry, i) => (
          <li key={log.length - SHOWN + i}>
            <code>
              {entry.method} {entry.url}
            </code>{' '}
            <span className={entry.status < 400 ? 'status ok' : 'status'}>{entry.status}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
