// A small corpus of idiomatic code the FIM copy model can continue from when the prompt itself
// has no earlier occurrence of what is being typed. Kept short and conventional on purpose.
import type { FimLanguage } from './fimLanguage';

const TYPESCRIPT = `import { readFile, writeFile } from 'node:fs/promises';
import * as path from 'node:path';

export interface User {
  id: string;
  name: string;
  email: string;
  createdAt: Date;
}

export function add(a: number, b: number): number {
  return a + b;
}

export function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

export function average(values: readonly number[]): number {
  if (values.length === 0) {
    return 0;
  }
  return sum(values) / values.length;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function isEmpty(value: string | undefined): boolean {
  return value === undefined || value.trim().length === 0;
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function groupBy<T, K extends string>(items: readonly T[], key: (item: T) => K): Record<K, T[]> {
  const groups = {} as Record<K, T[]>;
  for (const item of items) {
    const k = key(item);
    (groups[k] ??= []).push(item);
  }
  return groups;
}

export function debounce<A extends unknown[]>(fn: (...args: A) => void, waitMs: number): (...args: A) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (...args: A) => {
    clearTimeout(timer);
    timer = setTimeout(() => fn(...args), waitMs);
  };
}

export async function fetchJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { signal });
  if (!response.ok) {
    throw new Error(\`Request failed: \${response.status} \${response.statusText}\`);
  }
  return (await response.json()) as T;
}

export async function readJson<T>(file: string): Promise<T> {
  const text = await readFile(file, 'utf8');
  return JSON.parse(text) as T;
}

export async function writeJson(file: string, data: unknown): Promise<void> {
  await writeFile(file, JSON.stringify(data, null, 2) + '\\n', 'utf8');
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export class Cache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as K;
      this.entries.delete(oldest);
    }
  }
}

for (let i = 0; i < items.length; i++) {
  console.log(items[i]);
}

for (const item of items) {
  console.log(item);
}

const result = items.filter((item) => item.active).map((item) => item.name);
const total = items.reduce((acc, item) => acc + item.price, 0);

try {
  await main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
`;

const JAVASCRIPT = `const express = require('express');
const app = express();

app.use(express.json());

app.get('/health', (req, res) => {
  res.json({ ok: true });
});

app.listen(3000, () => {
  console.log('Listening on http://localhost:3000');
});

function fibonacci(n) {
  if (n < 2) {
    return n;
  }
  return fibonacci(n - 1) + fibonacci(n - 2);
}

function unique(values) {
  return [...new Set(values)];
}

module.exports = { fibonacci, unique };

describe('fibonacci', () => {
  it('returns the nth number', () => {
    expect(fibonacci(10)).toBe(55);
  });
});

document.addEventListener('DOMContentLoaded', () => {
  const button = document.querySelector('#submit');
  button.addEventListener('click', () => {
    console.log('clicked');
  });
});
`;

const PYTHON = `import json
import os
from pathlib import Path
from typing import Iterable


def add(a: int, b: int) -> int:
    return a + b


def mean(values: list[float]) -> float:
    if not values:
        return 0.0
    return sum(values) / len(values)


def read_json(path: str) -> dict:
    with open(path, "r", encoding="utf-8") as f:
        return json.load(f)


def write_json(path: str, data: dict) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2)


def chunks(items: list, size: int) -> Iterable[list]:
    for i in range(0, len(items), size):
        yield items[i : i + size]


def fibonacci(n: int) -> int:
    if n < 2:
        return n
    return fibonacci(n - 1) + fibonacci(n - 2)


class Stack:
    def __init__(self) -> None:
        self.items: list = []

    def push(self, item) -> None:
        self.items.append(item)

    def pop(self):
        if not self.items:
            raise IndexError("pop from empty stack")
        return self.items.pop()

    def __len__(self) -> int:
        return len(self.items)


for i, item in enumerate(items):
    print(i, item)

result = [item.name for item in items if item.active]

if __name__ == "__main__":
    main()
`;

const GO = `package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
)

type User struct {
	ID    string \`json:"id"\`
	Name  string \`json:"name"\`
	Email string \`json:"email"\`
}

func add(a, b int) int {
	return a + b
}

func sum(values []int) int {
	total := 0
	for _, v := range values {
		total += v
	}
	return total
}

func readConfig(path string) (*Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read config: %w", err)
	}
	var cfg Config
	if err := json.Unmarshal(data, &cfg); err != nil {
		return nil, fmt.Errorf("parse config: %w", err)
	}
	return &cfg, nil
}

func handler(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(map[string]bool{"ok": true})
}

func main() {
	http.HandleFunc("/health", handler)
	if err := http.ListenAndServe(":8080", nil); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
`;

/** The corpus for a language first, then the others (a JS prompt can still borrow TS idioms). */
export function corpusFor(language: FimLanguage): string {
  const byLanguage: Record<FimLanguage, string> = { typescript: TYPESCRIPT, javascript: JAVASCRIPT, python: PYTHON, go: GO };
  const order: FimLanguage[] = [language, ...(['typescript', 'javascript', 'python', 'go'] as const).filter((l) => l !== language)];
  return order.map((l) => byLanguage[l]).join('\n\n\n');
}
