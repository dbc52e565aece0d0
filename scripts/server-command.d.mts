export declare const SERVER_NODE_FLAGS: string[];
export declare const serverArgs: (extraNodeFlags?: string[]) => string[];
