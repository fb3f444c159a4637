-- wrk script: POST the file named by the BODY environment variable.
local path = os.getenv("BODY")
local file = assert(io.open(path, "rb"))
wrk.method = "POST"
wrk.body = file:read("*a")
file:close()
wrk.headers["Content-Type"] = "application/json"
-- ACCEPT_ENCODING=gzip asks for gzip-coded answers (make bench's compression table).
if os.getenv("ACCEPT_ENCODING") then wrk.headers["Accept-Encoding"] = os.getenv("ACCEPT_ENCODING") end
