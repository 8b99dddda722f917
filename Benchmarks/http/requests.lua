-- wrk script for Benchmarks/http/run: cycles through a request file (`METHOD /path` per line) and
-- prints the run's totals as one JSON object on a line starting with WRK_JSON.
local requests = {}
local next_request = 0

function init(args)
  local file = assert(io.open(args[1], "r"), "cannot open " .. tostring(args[1]))
  for line in file:lines() do
    local method, path = line:match("^(%u+)%s+(/%S*)")
    if method then
      requests[#requests + 1] = wrk.format(method, path)
    end
  end
  file:close()
  assert(#requests > 0, "no requests in " .. args[1])
  -- Each thread starts at a different place in the list.
  next_request = (wrk.thread and tonumber(tostring(wrk.thread):match("0x(%x+)") or "0", 16) or 0) % #requests
end

function request()
  next_request = next_request % #requests + 1
  return requests[next_request]
end

function done(summary, latency, requests)
  local errors = summary.errors
  io.write(string.format(
    'WRK_JSON {"requests": %d, "duration_us": %d, "non_2xx": %d, "errors": %d, "p50_us": %d, "p99_us": %d}\n',
    summary.requests, summary.duration, errors.status,
    errors.connect + errors.read + errors.write + errors.timeout,
    latency:percentile(50), latency:percentile(99)))
end
