-- wrk script for Tests/Integration/test_soak.py: rotates through valid and invalid requests, counts the
-- status codes each thread sees, and prints them all in done().
local function read(path)
    local file = assert(io.open(path, "rb"))
    local body = file:read("*a")
    file:close()
    return body
end

-- wrk.format sends only the headers it is given: HTTP/1.1 requires Host (400 without it).
local json = { ["Host"] = "127.0.0.1", ["Content-Type"] = "application/json" }
local single = read("bench/workloads/single.json")
local mix = {
    wrk.format("POST", "/v1/route-bars", json, single),                                     -- 200
    wrk.format("POST", "/v1/route-bars", json, read("bench/workloads/batch20.json")),       -- 200
    wrk.format("POST", "/v1/route-bars", json, '{"width": 343, "routes": [{"id": "x", '),    -- 400 malformed
    wrk.format("POST", "/v1/route-bars", json,                                              -- 422 out of range
        '{"width": 343, "routes": [{"id": "x", "subPaths": [{"trafficType": 3, "sectionTime": -4}]}]}'),
    wrk.format("POST", "/v1/route-bars", { ["Host"] = "127.0.0.1", ["Content-Type"] = "text/plain" }, single),      -- 415
}

local threads = {}
function setup(thread) table.insert(threads, thread) end

local next_request = 0
counts = {}   -- global, so that done() can read it with thread:get

function request()
    next_request = next_request % #mix + 1
    return mix[next_request]
end

function response(status, headers, body)
    counts[status] = (counts[status] or 0) + 1
end

function done(summary, latency, requests)
    local total = {}
    for _, thread in ipairs(threads) do
        for status, n in pairs(thread:get("counts")) do total[status] = (total[status] or 0) + n end
    end
    local server_errors = 0
    for status, n in pairs(total) do
        io.write(string.format("status %d: %d\n", status, n))
        if status >= 500 then server_errors = server_errors + n end
    end
    io.write(string.format("5xx: %d\n", server_errors))
end
