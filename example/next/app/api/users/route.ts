// The users API of the example, in memory: the example server's seed users, and POST to add one.
import seed from '../../../../seed.json';

const users: Array<{ id: string; name: string }> = structuredClone(seed.users);

export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json(users);
}

export async function POST(request: Request) {
  const body: unknown = await request.json().catch(() => undefined);
  const name = typeof body === 'object' && body !== null && 'name' in body ? body.name : undefined;
  if (typeof name !== 'string' || name.trim() === '')
    return Response.json({ message: 'A user needs a name: type one, then add it.' }, { status: 400 });
  const user = { id: String(users.length + 1), name: name.trim() };
  users.push(user);
  return Response.json(user, { status: 201 });
}
