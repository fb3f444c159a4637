// The caller of the typescript-fetch client that test_generators.py type-checks (tsc --strict) and runs
// with node: the seed route with width, gap and theme set, in the body model and then as query parameters.
// It prints what it sent and the two answers.
import {
    Configuration, RouteBarsApi, RouteBarRequest, RouteBarResponse, SubPath, instanceOfRouteBarResponse,
} from './client';

// Node's globals, as far as this program uses them (Debian packages no @types/node).
declare const process: { argv: string[]; stdout: { write(text: string): boolean }; exit(code: number): never };

const [base] = process.argv.slice(2);
const sent: { url: string; body: unknown }[] = [];
const api = new RouteBarsApi(new Configuration({
    basePath: base,
    middleware: [{
        pre: async (context) => {
            sent.push({ url: context.url, body: JSON.parse(String(context.init.body)) });
        },
    }],
}));

const legs: SubPath[] = [
    { trafficType: 3, sectionTime: 6 },
    { trafficType: 2, sectionTime: 14, lane: [{ busNo: '421', type: 11 }] },
    { trafficType: 3, sectionTime: 3 },
    { trafficType: 1, sectionTime: 21, lane: [{ name: '수도권 1호선', subwayCode: 1 }] },
    { trafficType: 3, sectionTime: 3 },
];
const routes = [{ id: 'seed', totalTime: 47, subPaths: legs }];

function check(answer: RouteBarResponse, what: string): void {
    if (answer.width !== 343 || answer.gap !== 2 || answer.theme !== 'dark') {
        throw new Error(`${what}: the answer says width ${answer.width}, gap ${answer.gap}, theme ${answer.theme}`);
    }
    const segments = answer.routes[0].segments;
    for (let i = 1; i < segments.length; i++) {
        const gap = segments[i].x - (segments[i - 1].x + segments[i - 1].width);
        if (Math.abs(gap - 2) > 1e-9) throw new Error(`${what}: ${gap} points before segment ${i}, not 2`);
    }
}

async function main(): Promise<void> {
    const body: RouteBarRequest = { width: 343, gap: 2, theme: 'dark', routes };
    const calls = [
        { what: 'options in the body', request: { layOutRouteBarsRequest: body } },
        {
            what: 'options in the query',
            request: { layOutRouteBarsRequest: { routes }, width: 343, gap: 2, theme: 'dark' as const },
        },
    ];
    const answers: unknown[] = [];
    for (const { what, request } of calls) {
        const response = await api.layOutRouteBarsRaw(request);
        answers.push(await response.raw.clone().json());
        const answer = await response.value();
        if (!instanceOfRouteBarResponse(answer)) throw new Error(`${what}: not a RouteBarResponse`);
        check(answer, what);
    }
    process.stdout.write(JSON.stringify({ sent, answers }) + '\n');
}

main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
});