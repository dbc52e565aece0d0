// The part of autocannon's API the throughput bench uses (the package ships no types).
declare module 'autocannon' {
  type Options = { url: string; method?: string; connections?: number; duration?: number; headers?: Record<string, string>; body?: string };
  type Histogram = { average: number; p50: number };
  type Result = { requests: Histogram; latency: Histogram; non2xx: number; errors: number };
  export default function autocannon(options: Options): Promise<Result>;
}
