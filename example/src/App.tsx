import { AccountBalance } from './AccountBalance';
import { AddUserForm } from './AddUserForm';
import { Boundary } from './Boundary';
import { Feed } from './Feed';
import { LiveBoard } from './board/LiveBoard';
import { Panel } from './Panel';
import { RequestLog } from './RequestLog';
import { RtkQueryTrades } from './RtkQueryTrades';
import { TradeForm } from './TradeForm';
import { TradeList } from './TradeList';
import { UserList } from './UserList';

// one panel per idea; a new one is one more <Panel> in the grid
export function App() {
  return (
    <main className="page">
      <header className="masthead">
        <h1>rtk-entities example</h1>
        <p>
          A Redux Toolkit store with a normalized entity cache. Every list below reads the cache; watch the request log
          to see what each action costs.
        </p>
      </header>
      <div className="grid">
        <Panel
          title="Users"
          note={
            <>
              GET /users as <code>schema.All(User)</code>: a new user appears with no refetch. A rename shows at once
              here and in every trade of that user, and goes back if the server refuses it.
            </>
          }
        >
          <AddUserForm />
          <Boundary>
            <UserList />
          </Boundary>
        </Panel>
        <Panel
          title="Trades"
          note={
            <>
              Each trade holds its user. One POST /trade (Buy) or DELETE /trade/:id (Sell) answers{' '}
              <code>{'{ trade, account }'}</code>: list and balance update together.
            </>
          }
        >
          <Boundary>
            <AccountBalance id={1} />
          </Boundary>
          <Boundary>
            <TradeForm />
          </Boundary>
          <Boundary>
            <TradeList />
          </Boundary>
        </Panel>
        <Panel
          title="Trades through RTK Query"
          note={
            <>
              An RTK Query <code>createApi</code> normalized with <code>normalizeApi</code>: the same tables, so one
              POST /trade here updates this panel and the one beside it, with no tags. The last line is still on RTK
              Query&rsquo;s own hooks, and follows every buy too.
            </>
          }
        >
          <RtkQueryTrades />
        </Panel>
        <Panel
          title="Feed"
          note={
            <>
              Links and posts in one <code>schema.All</code>, two ways to tell them apart.
            </>
          }
        >
          <Feed />
        </Panel>
        <Panel
          title="Live board"
          wide
          note={
            <>
              100,000 trades, then 25 updates a second pushed by the server. Two views of one <code>schema.All</code>:{' '}
              <code>{'new schema.Query(all, { where, orderBy, order, limit })'}</code>, kept from what each write
              changed. Switch to plain RTK selectors (<code>createEntityAdapter</code> and <code>createSelector</code>,
              sorting the whole table on every change) and watch the update time.
            </>
          }
        >
          <LiveBoard />
        </Panel>
      </div>
      <RequestLog />
    </main>
  );
}
