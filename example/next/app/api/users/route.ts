// The users API of the example, in memory: the example server's seed users, and POST to add one.
import seed from '../../../../seed.json';

const users: Array<{ id: string; name: string }> = structuredClone(seed.users);

export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json(users);
}

export async function POST(request: Request) {
  const { name } = (await request.json()) as { name?: unknown };
  if (typeof name !== 'string' || name.trim() === '')
    return Response.json({ message: 'name is required' }, { status: 400 });
  const user = { id: String(users.length + 1), name: name.trim() };
  users.push(user);
  return Response.json(user, { status: 201 });
}
