// @ts-check
// Prints the consumer's demo: node examples/mcp-server/ts/demo.mjs
import { demo } from "./consumer.mjs";

demo();
