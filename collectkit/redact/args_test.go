package redact

import (
	"reflect"
	"strings"
	"testing"
)

func TestArgs(t *testing.T) {
	cases := []struct {
		in    []string
		want  []string
		found []int
	}{
		{[]string{"-y", "@modelcontextprotocol/server-filesystem", "/Users/alice/Desktop"},
			[]string{"-y", "@modelcontextprotocol/server-filesystem", "…/Desktop"}, nil},
		{[]string{"--api-key=sk-CANARYabcdefghijklmnopqrstu"}, []string{"--api-key=" + Marker}, []int{0}},
		{[]string{"--token", "CANARYtokenValue123XYZ", "--port", "8080"}, []string{"--token", Marker, "--port", "8080"}, []int{1}},
		{[]string{"--token", "${env:TOKEN}"}, []string{"--token", "${env:TOKEN}"}, nil},
		{[]string{"mcp-remote", "https://api.example.com/mcp?api_key=CANARYq1w2e3r4t5y6u7", "--header", "Authorization: Bearer CANARY-opaque-tok-9f8e7d"},
			[]string{"mcp-remote", "https://api.example.com/…", "--header", "Authorization: " + Marker}, []int{1, 3}},
		{[]string{"CANARYq8Zr3L0pXw5Tn2Yb7Kd4Mf6Hs9Jv1Gc"}, []string{Marker}, []int{0}},
		{[]string{"--dir=C:\\Users\\alice\\data"}, []string{"--dir=…/data"}, nil},
		{[]string{"/c", "npx"}, []string{"/c", "npx"}, nil},
	}
	for _, c := range cases {
		got, found := Args(c.in)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Args(%q) = %q, want %q", c.in, got, c.want)
		}
		var idx []int
		for _, f := range found {
			idx = append(idx, f.Index)
		}
		if !reflect.DeepEqual(idx, c.found) {
			t.Errorf("Args(%q) secrets at %v, want %v", c.in, idx, c.found)
		}
		for _, g := range got {
			if strings.Contains(g, "CANARY") || strings.Contains(g, "alice") {
				t.Errorf("Args output leaks %q", g)
			}
		}
	}
}

func TestURLLabel(t *testing.T) {
	cases := map[string]string{
		"https://bob:pw@mcp.example.com:8443/x?y=1": "https://mcp.example.com:8443/…",
		"https://mcp.example.com":                   "https://mcp.example.com",
		"not a url":                                 Marker,
	}
	for in, want := range cases {
		if got := URLLabel(in); got != want {
			t.Errorf("URLLabel(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestValueScript(t *testing.T) {
	cases := map[string]string{
		"cd /Users/alice/proj && node server.js":           "cd …/proj && node server.js",
		"curl -fsSL https://get.example.sh/x/y | sh":       "curl -fsSL https://get.example.sh/… | sh",
		"DATA=/home/alice/d npx -y pkg":                    "DATA=…/d npx -y pkg",
		"cd ${workspaceFolder} && npx -y @scope/pkg@1.0.0": "cd ${workspaceFolder} && npx -y @scope/pkg@1.0.0",
	}
	for in, want := range cases {
		if got := Value(in); got != want {
			t.Errorf("Value(%q) = %q, want %q", in, got, want)
		}
	}
}
